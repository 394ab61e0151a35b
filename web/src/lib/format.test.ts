import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { countNoun, formatCountdown, formatDate, formatDateTime, formatFileSize, formatInUnit, formatPercent, formatProgress, formatShareSize, plural, sizeUnitFor } from './format';

afterEach(() => void i18n.changeLanguage('en'));

/** A size or date as shown: its words joined by no-break spaces. */
const shown = (text: string) => text.replaceAll(' ', '\u00a0');

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Byte'],
    [2, '2 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [104_857_600, '100 MB'],
    [1024 ** 3 * 2.5, '2.5 GB'],
    [1024 ** 4, '1024 GB'],
  ])('%d bytes -> %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(shown(expected));
  });

  it('treats negative and non-finite sizes as 0 Bytes', () => {
    expect(formatFileSize(-5)).toBe(shown('0 Bytes'));
    expect(formatFileSize(Number.NaN)).toBe(shown('0 Bytes'));
  });

  it('never lets a line end between the figure and the unit', () => {
    expect(formatFileSize(598).split('\u00a0')).toEqual(['598', 'Bytes']);
  });

  it('writes German decimals with a comma, and the same units', async () => {
    await changeLanguage('de');
    expect(formatFileSize(0)).toBe(shown('0 Bytes'));
    expect(formatFileSize(1)).toBe(shown('1 Byte'));
    expect(formatFileSize(1536)).toBe(shown('1,5 KB'));
    expect(formatFileSize(1_918_894)).toBe(shown('1,83 MB'));
    expect(formatFileSize(1024 ** 4)).toBe(shown('1024 GB'));
  });
});

describe('formatInUnit', () => {
  it('shows a figure in a given unit, as a chart axis does', async () => {
    const mb = sizeUnitFor(5 * 1024 ** 2);
    expect(formatInUnit(0.5, mb)).toBe(shown('0.5 MB'));
    expect(formatInUnit(1, sizeUnitFor(1))).toBe(shown('1 Byte'));
    await changeLanguage('de');
    expect(formatInUnit(2.25, mb)).toBe(shown('2,25 MB'));
  });
});

describe('formatShareSize', () => {
  it('uses KB up to and including 1,048,576 bytes', () => {
    expect(formatShareSize(0)).toBe(shown('0.0 KB'));
    expect(formatShareSize(1536)).toBe(shown('1.5 KB'));
    expect(formatShareSize(1_048_576)).toBe(shown('1024.0 KB'));
  });

  it('uses MB above 1,048,576 bytes', () => {
    expect(formatShareSize(1_048_577)).toBe(shown('1.0 MB'));
    expect(formatShareSize(5 * 1_048_576 + 300_000)).toBe(shown('5.3 MB'));
  });

  it('writes German decimals with a comma', async () => {
    await changeLanguage('de');
    expect(formatShareSize(1536)).toBe(shown('1,5 KB'));
    expect(formatShareSize(5 * 1_048_576 + 300_000)).toBe(shown('5,3 MB'));
  });

  it('never shows a few bytes as nothing: below 0.05 KB reads "< 0.1 KB"', async () => {
    expect(formatShareSize(37)).toBe(shown('< 0.1 KB'));
    expect(formatShareSize(51)).toBe(shown('< 0.1 KB'));
    expect(formatShareSize(52)).toBe(shown('0.1 KB'));
    await changeLanguage('de');
    expect(formatShareSize(37)).toBe(shown('< 0,1 KB'));
  });
});

describe('formatPercent', () => {
  it('renders one decimal', () => {
    expect(formatPercent(42.345)).toBe('42.3%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(Number.NaN)).toBe('0.0%');
  });

  it('writes German percents with a comma and a no-break space before the sign', async () => {
    await changeLanguage('de');
    expect(formatPercent(42.345)).toBe('42,3\u00a0%');
    expect(formatPercent(100)).toBe('100,0\u00a0%');
  });

  it('never shows a share above 0 as 0: 205 KB of 1 GB reads "< 0.1%"', async () => {
    expect(formatPercent((205 * 1024 * 100) / 1024 ** 3)).toBe('<\u00a00.1%');
    expect(formatPercent(0.05)).toBe('0.1%');
    expect(formatPercent(0.3, 0)).toBe('<\u00a01%');
    await changeLanguage('de');
    expect(formatPercent(0.01)).toBe('<\u00a00,1\u00a0%');
  });
});

describe('formatProgress', () => {
  it('shows whole percent, rounded down so that only the end reads 100%', async () => {
    expect(formatProgress(99.7)).toBe('99%');
    expect(formatProgress(100)).toBe('100%');
    await changeLanguage('de');
    expect(formatProgress(42.9)).toBe('42\u00a0%');
  });
});

describe('dates', () => {
  const date = new Date(2024, 0, 5, 9, 7, 30);

  it('formats dates as MMM dd, yyyy', () => {
    expect(formatDate(date)).toBe(shown('Jan 05, 2024'));
  });

  it('formats updated times as MMM dd, HH:mm', () => {
    expect(formatDateTime(date)).toBe(shown('Jan 05, 09:07'));
  });

  it('accepts ISO strings', () => {
    const iso = date.toISOString();
    expect(formatDate(iso)).toBe(shown('Jan 05, 2024'));
    expect(formatDateTime(iso)).toBe(shown('Jan 05, 09:07'));
  });

  it('never lets a line end inside a date', () => {
    expect(formatDate(date).split('\u00a0')).toEqual(['Jan', '05,', '2024']);
    expect(formatDateTime(date)).not.toMatch(/ /);
  });

  it('shows a dash for unreadable dates', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('')).toBe('—');
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
  });

  it('never goes below 0:00 and rounds partial seconds up', () => {
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(0.2)).toBe('0:01');
  });
});

describe('plural', () => {
  it('puts the count before the singular for exactly one, else before the plural', () => {
    expect([0, 1, 2].map((n) => plural(n, 'file'))).toEqual(['0 files', '1 file', '2 files']);
    expect(plural(1, 'file was', 'files were')).toBe('1 file was');
    expect(plural(3, 'file was', 'files were')).toBe('3 files were');
  });

  it('gives the noun alone where the count is written elsewhere', () => {
    expect(countNoun(1, 'download')).toBe('download');
    expect(countNoun(1_000, 'download')).toBe('downloads');
    expect(countNoun(2, 'is', 'are')).toBe('are');
  });
});
