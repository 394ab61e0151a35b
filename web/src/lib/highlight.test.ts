import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

describe('highlightSegments', () => {
  it('cuts the text into plain and marked runs', () => {
    expect(highlightSegments({ text: 'the kiwi budget for kiwis', highlights: [{ start: 4, length: 4 }, { start: 20, length: 5 }] })).toEqual([
      { text: 'the ', marked: false },
      { text: 'kiwi', marked: true },
      { text: ' budget for ', marked: false },
      { text: 'kiwis', marked: true },
    ]);
  });

  it('clips ranges out of order, overlapping or past the end', () => {
    expect(highlightSegments({ text: 'abcdef', highlights: [{ start: 4, length: 9 }, { start: 1, length: 2 }, { start: 2, length: 1 }] })).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
  });

  it('leaves text without ranges whole', () => {
    expect(highlightSegments({ text: 'plain', highlights: [] })).toEqual([{ text: 'plain', marked: false }]);
  });
});
