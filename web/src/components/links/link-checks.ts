import { fileRequestCreateSchema, LINK_LIMITS, linkCreateSchema } from '@vault/contract';
import { i18n } from '../../i18n';
import { MIB } from '../../lib/bytes';
import { formatCount } from '../../lib/format';
import { endOfDay } from './link-facts';

/**
 * A link form's field as checked before sending: the value to send (null: left empty), or the
 * message to show under it. The forms check themselves, in the interface language: the browser's
 * own checks spoke the browser's language ("Value must be greater than or equal to 1.").
 */
export type Checked<T> = { value: T } | { error: string };

/** The count limits, each with the contract's rule for it: a whole number from 1 to its maximum. */
const COUNTS = {
  maxDownloads: { rule: linkCreateSchema.shape.max_downloads, max: LINK_LIMITS.maxDownloadsMax },
  maxFiles: { rule: fileRequestCreateSchema.shape.max_files, max: LINK_LIMITS.maxFilesMax },
} as const;

/** A count limit as typed: empty for none, else digits that the contract's rule takes. */
export function checkCount(text: string, limit: keyof typeof COUNTS): Checked<number | null> {
  const typed = text.trim();
  if (typed === '') return { value: null };
  const { rule, max } = COUNTS[limit];
  const parsed = /^\d+$/.test(typed) ? rule.safeParse(Number(typed)) : undefined;
  return parsed?.success && typeof parsed.data === 'number' ? { value: parsed.data } : { error: i18n.t('links:check.count', { max: formatCount(max) }) };
}

/** A size limit in MB as typed, with a decimal point or comma: empty for none, else at least 1 MB, sent in bytes. */
export function checkMegabytes(text: string): Checked<number | null> {
  const typed = text.trim();
  if (typed === '') return { value: null };
  const megabytes = /^\d+([.,]\d+)?$/.test(typed) ? Number(typed.replace(',', '.')) : Number.NaN;
  if (!(megabytes >= 1)) return { error: i18n.t('links:check.megabytes') };
  const parsed = fileRequestCreateSchema.shape.max_bytes.safeParse(Math.round(megabytes * MIB));
  return parsed.success && typeof parsed.data === 'number' ? { value: parsed.data } : { error: i18n.t('links:check.tooLarge') };
}

/**
 * An expiry day as picked: empty for none, else a day not over yet, sent as its end. `kept`: the day
 * the link has, which an edit that leaves it alone keeps, even when it has passed.
 */
export function checkExpiry(day: string, kept = ''): Checked<string | null> {
  const end = endOfDay(day);
  return day === kept || end === null || Date.parse(end) > Date.now() ? { value: end } : { error: i18n.t('links:check.expiryPast') };
}

type Values<C> = { [K in keyof C]: C[K] extends Checked<infer T> ? T : never };

/** Checked fields together: all their values, or the message of each field that failed. */
export function settle<C extends Record<string, Checked<unknown>>>(checks: C): { values: Values<C> } | { errors: Partial<Record<keyof C, string>> } {
  const values: Partial<Values<C>> = {};
  const errors: Partial<Record<keyof C, string>> = {};
  for (const key of Object.keys(checks) as (keyof C)[]) {
    const check = checks[key]!;
    if ('error' in check) errors[key] = check.error;
    else values[key] = check.value as Values<C>[keyof C];
  }
  return Object.keys(errors).length > 0 ? { errors } : { values: values as Values<C> };
}
