import { format, isValid } from 'date-fns';
import { currentDateLocale, i18n } from '../i18n';

/** The date-fns locale of the interface language (month names, relative times). */
export const dateLocale = currentDateLocale;

/** The Intl locale for numbers and dates in the interface language. */
export function numberLocale(): string {
  return i18n.language === 'de' ? 'de-DE' : 'en-US';
}

/** A whole count with thousands separators: 12345 -> '12,345' (English), '12.345' (German). */
export function formatCount(value: number): string {
  return value.toLocaleString(numberLocale());
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const KIB = 1024;
/** Bytes in a MB as sizes are shown (base 1024). */
export const MIB = KIB * KIB;

/** Between a size's figure and its unit, and inside a date: a no-break space, so that a line never ends there. */
const NO_BREAK_SPACE = '\u00a0';

/** 0 -> '0 Bytes', 1536 -> '1.5 KB': base 1024, at most 2 decimals, largest unit GB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0${NO_BREAK_SPACE}Bytes`;
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(KIB)), SIZE_UNITS.length - 1);
  const value = bytes / KIB ** exponent;
  return `${parseFloat(value.toFixed(2))}${NO_BREAK_SPACE}${SIZE_UNITS[exponent]}`;
}

/** The share dialog's sizes: KB, or MB above 1,048,576 bytes, with 1 decimal. */
export function formatShareSize(bytes: number): string {
  return bytes > MIB ? `${(bytes / MIB).toFixed(1)}${NO_BREAK_SPACE}MB` : `${(bytes / KIB).toFixed(1)}${NO_BREAK_SPACE}KB`;
}

/** Percent values (already x100) with 1 decimal: 42.345 -> '42.3%'. */
export function formatPercent(value: number): string {
  return `${(Number.isFinite(value) ? value : 0).toFixed(1)}%`;
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return isValid(date) ? date : null;
}

/** A date in the language's pattern, its spaces no-break ones: a line never ends inside a date. */
function formatUnbroken(value: string | Date, pattern: string): string {
  const date = toDate(value);
  return date ? format(date, pattern, { locale: dateLocale() }).replaceAll(' ', NO_BREAK_SPACE) : '—';
}

/** 'Jan 05, 2024' (English), '05. Jan. 2024' (German). */
export function formatDate(value: string | Date): string {
  return formatUnbroken(value, i18n.t('format.date'));
}

/** Updated times: 'Jan 05, 09:07' (English), '05. Jan., 09:07' (German). */
export function formatDateTime(value: string | Date): string {
  return formatUnbroken(value, i18n.t('format.dateTime'));
}

/** A countdown as m:ss: 300 -> '5:00', 59 -> '0:59'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The noun for a count: the singular for exactly 1, else the plural ('files' unless given). */
export function countNoun(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** A count with its noun: '1 file', '3 files', '2 files were' from (2, 'file was', 'files were'). */
export function plural(count: number, singular: string, pluralForm?: string): string {
  return `${count} ${countNoun(count, singular, pluralForm)}`;
}
