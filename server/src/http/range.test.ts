import { describe, expect, it } from 'vitest';
import { parseRange } from './range.js';

describe('parseRange', () => {
  it('sends the whole file when no usable range is asked for', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
    expect(parseRange('items=0-10', 100)).toBeUndefined();
    expect(parseRange('bytes=0-10,20-30', 100)).toBeUndefined();
    expect(parseRange('bytes=a-b', 100)).toBeUndefined();
  });

  it('reads a closed range, inclusive at both ends', () => {
    expect(parseRange('bytes=0-0', 100)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange(' bytes=10-19 ', 100)).toEqual({ start: 10, end: 19 });
  });

  it('runs an open range to the last byte, and clips an end past it', () => {
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-1000', 100)).toEqual({ start: 90, end: 99 });
  });

  it('takes a suffix as the last n bytes, the whole file when n exceeds it', () => {
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('refuses ranges no byte of the file satisfies', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=20-10', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
