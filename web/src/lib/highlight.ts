import type { ContentMatch } from '@vault/contract';

export interface Segment {
  text: string;
  marked: boolean;
}

/**
 * The text cut into plain and marked runs at the given ranges. Ranges out of
 * order, overlapping or past the end are clipped to what is left, so an odd
 * answer never repeats or loses a character.
 */
export function highlightSegments({ text, highlights }: ContentMatch): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const { start, length } of [...highlights].sort((a, b) => a.start - b.start)) {
    const from = Math.max(start, at);
    const to = Math.min(start + length, text.length);
    if (to <= from) continue;
    if (from > at) segments.push({ text: text.slice(at, from), marked: false });
    segments.push({ text: text.slice(from, to), marked: true });
    at = to;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
