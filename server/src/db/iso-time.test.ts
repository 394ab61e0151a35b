import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.js';

const dateOf = (ms: number) => new Date(ms).toISOString();

describe('isoTime', () => {
  it('writes what toISOString writes, over the years a timestamp can hold', () => {
    for (let i = 0; i < 50_000; i++) {
      const ms = randomInt(0, 253_402_300_800_000);
      expect(isoTime(ms), String(ms)).toBe(dateOf(ms));
    }
  });

  it('writes the edges of days, months, leap years and centuries as toISOString does', () => {
    const edges = ['1970-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z', '2000-02-29T12:00:00.005Z', '2000-03-01T00:00:00.000Z', '2024-02-29T23:59:59.999Z', '2100-02-28T23:59:59.999Z', '2100-03-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'];
    for (const edge of edges) expect(isoTime(Date.parse(edge))).toBe(edge);
  });

  it('reads timestamps that the database returns as strings', () => {
    expect(isoTime('1796072169678')).toBe(dateOf(1796072169678));
  });

  it('leaves to Date what lies outside four-digit years after 1970, or between milliseconds', () => {
    for (const ms of [-1, -62_198_755_200_000, 253_402_300_800_000, 1.5]) expect(isoTime(ms)).toBe(dateOf(ms));
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
