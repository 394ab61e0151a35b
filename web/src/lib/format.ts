import { format, isValid } from 'date-fns';
import { currentDateLocale, i18n } from '../i18n';
import { KIB, MIB } from './bytes';

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

/** A unit sizes are shown in, and the bytes it stands for. */
export interface SizeUnit {
  name: 'Bytes' | 'KB' | 'MB' | 'GB';
  bytes: number;
}
const BYTES: SizeUnit = { name: 'Bytes', bytes: 1 };
const KB: SizeUnit = { name: 'KB', bytes: KIB };
const MB: SizeUnit = { name: 'MB', bytes: MIB };
const SIZE_UNITS = [BYTES, KB, MB, { name: 'GB', bytes: KIB * MIB }] as const satisfies readonly SizeUnit[];

/** The largest unit `bytes` reaches (Bytes below 1 KB, GB at most), so that its figure is at least 1. */
export function sizeUnitFor(bytes: number): SizeUnit {
  return SIZE_UNITS.findLast((unit) => bytes >= unit.bytes) ?? BYTES;
}

/** Between a size's figure and its unit, and inside a date: a no-break space, so that a line never ends there. */
const NO_BREAK_SPACE = '\u00a0';

/** How many decimals a figure shows: at least `fewest`, at most `most`. */
type Decimals = { fewest: number; most: number };

/**
 * A figure in the interface language's decimals ('1.5' English, '1,5' German), never grouped:
 * sizes have always read '1024 GB', and a figure keeps its width while the language changes.
 */
function formatDecimal(value: number, { fewest, most }: Decimals): string {
  return new Intl.NumberFormat(numberLocale(), { useGrouping: false, minimumFractionDigits: fewest, maximumFractionDigits: most }).format(value);
}

/** `value` of a unit with its name, at most 2 decimals unless told; exactly one byte is '1 Byte'. */
export function formatInUnit(value: number, unit: SizeUnit, decimals: Decimals = { fewest: 0, most: 2 }): string {
  const name = unit.name === 'Bytes' && value === 1 ? 'Byte' : unit.name;
  return `${formatDecimal(value, decimals)}${NO_BREAK_SPACE}${name}`;
}

/** 0 -> '0 Bytes', 1 -> '1 Byte', 1536 -> '1.5 KB' ('1,5 KB' in German): base 1024, at most 2 decimals, largest unit GB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return formatInUnit(0, BYTES);
  const unit = sizeUnitFor(bytes);
  return formatInUnit(bytes / unit.bytes, unit);
}

/**
 * `show(value)`, except that an amount above 0 that `decimals` would round to 0 reads as below the
 * smallest it can show ('< 0.1 KB'): 37 bytes of 1 GB read '0.0%', as if nothing were used.
 */
function neverZero(value: number, decimals: number, show: (value: number) => string): string {
  const smallest = 10 ** -decimals;
  return value > 0 && value < smallest / 2 ? i18n.t('format.lessThan', { value: show(smallest) }) : show(value);
}

/** The share dialog's sizes: KB, or MB above 1,048,576 bytes, with 1 decimal ('1.5 KB', '1,5 KB' in German; '< 0.1 KB' for a few bytes). */
export function formatShareSize(bytes: number): string {
  const unit = bytes > MIB ? MB : KB;
  return neverZero(bytes / unit.bytes, 1, (value) => formatInUnit(value, unit, { fewest: 1, most: 1 }));
}

/** Percent values (already x100), 1 decimal unless told: 42.345 -> '42.3%' (English), '42,3 %' (German, a no-break space); 0.01 -> '< 0.1%'. */
export function formatPercent(value: number, decimals = 1): string {
  const percent = new Intl.NumberFormat(numberLocale(), { style: 'unit', unit: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return neverZero(Number.isFinite(value) ? value : 0, decimals, (shown) => percent.format(shown));
}

/** How far along a transfer is, in whole percent rounded down, so that '100%' means done: 99.7 -> '99%'. */
export function formatProgress(percent: number): string {
  return formatPercent(Math.floor(percent), 0);
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
