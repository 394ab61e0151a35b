import { describe, expect, it } from 'vitest';
import { daysLeft } from './days-left';

describe('daysLeft', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');

  it('counts whole days, a started day as one', () => {
    expect(daysLeft('2026-12-25T12:00:00.000Z', now)).toBe(30);
    expect(daysLeft('2026-11-26T12:00:00.001Z', now)).toBe(2);
    expect(daysLeft('2026-11-25T12:00:01.000Z', now)).toBe(1);
  });

  it('is 0 once the time has come, and for a date it cannot read', () => {
    expect(daysLeft('2026-11-25T12:00:00.000Z', now)).toBe(0);
    expect(daysLeft('2026-11-01T00:00:00.000Z', now)).toBe(0);
    expect(daysLeft('not a date', now)).toBe(0);
  });
});
