import type { ByteRange } from '../domain/files/file-content.js';

export type RangeRequest = ByteRange | 'unsatisfiable' | undefined;

/**
 * One byte range of a Range header ("bytes=a-b", "bytes=a-", "bytes=-n").
 * Anything else, including several ranges, is ignored: the whole file is sent.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
