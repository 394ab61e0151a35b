import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { VALIDATION_MESSAGES, VALIDATION_PARAMS, type ValidationMessageId } from '@vault/contract';
import { translateById } from '../i18n';

/** A contract message's id by its English text: the schemas hand out only the text. */
const ID_OF = new Map(Object.entries(VALIDATION_MESSAGES).map(([id, text]) => [text as string, id as ValidationMessageId]));

/** A contract validation message in the interface language; any other text as it is. */
export function localizeMessage(message: string): string {
  const id = ID_OF.get(message);
  return id ? translateById(`validation:${id}`, VALIDATION_PARAMS) : message;
}

/** What a failed parse says first, in the interface language. */
export function firstIssueMessage(error: z.ZodError): string | undefined {
  const message = error.issues[0]?.message;
  return message === undefined ? undefined : localizeMessage(message);
}

/** Rewrites every field's message in place; nested fields (objects without a `type`) are walked. */
function localizeErrors(errors: FieldErrors) {
  for (const error of Object.values(errors)) {
    if (typeof error !== 'object' || error === null) continue;
    if ('type' in error) {
      if (typeof error.message === 'string') error.message = localizeMessage(error.message);
    } else {
      localizeErrors(error as FieldErrors);
    }
  }
}

/** A form resolver (zodResolver) whose messages read in the interface language. */
export function localized<Input extends FieldValues, Context, Output>(resolver: Resolver<Input, Context, Output>): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    localizeErrors(result.errors);
    return result;
  };
}
