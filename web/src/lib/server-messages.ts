import { isErrorMessageId, type ErrorResponse } from '@vault/contract';
import { translateById } from '../i18n';
import { localizeMessage } from './validation';

/** What the server said about one thing: its English sentence and, when catalogued, the sentence's id and values. */
export type Said = Partial<Pick<ErrorResponse, 'error' | 'code' | 'params'>>;

/**
 * The server's sentence in the interface language: a catalogued one (ERROR_MESSAGES) by its id with its
 * values, a validation message by its text, anything else as the server wrote it.
 */
export function localizeSaid({ error = '', code, params = {} }: Said): string {
  if (code === undefined || !isErrorMessageId(code)) return localizeMessage(error);
  return translateById(`errors:${code}`, params);
}
