import { describe, expect, it } from 'vitest';
import { percentile, spread } from './measure.js';

describe('percentile', () => {
  it('takes the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
  });

  it('is the only value of a single measurement, whatever the rank', () => {
    expect(percentile([7], 0)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
  });

  it('is NaN without values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('spread', () => {
  it('gives min, median and max of unsorted rounds without reordering them', () => {
    const rounds = [3, 1, 5, 2, 4];
    expect(spread(rounds)).toEqual({ min: 1, median: 3, max: 5 });
    expect(rounds).toEqual([3, 1, 5, 2, 4]);
  });
});
