import { isErrorMessageId, type ErrorResponse, type MessageParams } from '@vault/contract';
import { i18n } from '../i18n';
import { localizeMessage } from './validation';

/** What the server said about one thing: its English sentence and, when catalogued, the sentence's id and values. */
export type Said = Partial<Pick<ErrorResponse, 'error' | 'code' | 'params'>>;

/**
 * i18n.t without its typed keys: the values are the server's, filled in by the same id there, and the
 * typed options (each key's own values) cannot know which id came back.
 */
const translate = i18n.t.bind(i18n) as (key: string, values: MessageParams) => string;

/**
 * The server's sentence in the interface language: a catalogued one (ERROR_MESSAGES) by its id with its
 * values, a validation message by its text, anything else as the server wrote it.
 */
export function localizeSaid({ error = '', code, params = {} }: Said): string {
  if (code === undefined || !isErrorMessageId(code)) return localizeMessage(error);
  return translate(`errors:${code}`, params);
}
