import { describe, expect, it } from 'vitest';
import { contentMatchesOf, fullTextQuery, searchWords, snippetOf } from './text-query.js';

describe('searchWords', () => {
  it('keeps runs of letters and digits, lower case, and nothing of query syntax', () => {
    expect(searchWords('Q3 "Budget" Größe, -draft* NEAR(a b) x:*')).toEqual(['q3', 'budget', 'größe', 'draft', 'near', 'a', 'b', 'x']);
    expect(searchWords('%_\\ "\'*')).toEqual([]);
  });

  it('takes at most 16 words', () => {
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(16);
  });
});

describe('fullTextQuery', () => {
  it('asks for every word, the last also as a prefix', () => {
    expect(fullTextQuery(['annual', 'bud'], 'sqlite')).toBe('"annual" "bud"*');
    expect(fullTextQuery(['annual', 'bud'], 'postgres')).toBe("'annual' & 'bud':*");
  });
});

describe('snippetOf', () => {
  const marked = ({ text, highlights }: { text: string; highlights: { start: number; length: number }[] }) => highlights.map((h) => text.slice(h.start, h.start + h.length));

  it('shows a short text whole, white space folded, marking whole words and the last as a beginning', () => {
    const window = 'We agreed\n\non the Kiwi budget for kiwis,\tnot kiwifruit.';
    const match = snippetOf({ window, cutBefore: false, more: false }, ['kiwi', 'budg']);
    expect(match.text).toBe('We agreed on the Kiwi budget for kiwis, not kiwifruit.');
    expect(marked(match)).toEqual(['Kiwi', 'budget']);
  });

  it('cuts a long text at spaces around the first match, with ellipses where text was left out', () => {
    const words = Array.from({ length: 80 }, (_, i) => `w${i}`);
    words[40] = 'needle';
    const window = words.join(' ');
    const match = snippetOf({ window, cutBefore: true, more: true }, ['needle']);
    expect(match.text.startsWith('…w')).toBe(true);
    expect(match.text.endsWith('…')).toBe(true);
    expect(match.text.length).toBeLessThanOrEqual(162);
    expect(match.text).not.toMatch(/…\s|\s…/);
    expect(marked(match)).toEqual(['needle']);
    expect(window).toContain(match.text.slice(1, -1));
  });

  it('shows the beginning, unmarked, when the words are not where they were looked for', () => {
    expect(snippetOf({ window: 'nothing here', cutBefore: false, more: false }, ['absent'])).toEqual({ text: 'nothing here', highlights: [] });
  });
});

describe('contentMatchesOf', () => {
  // The database sends bytes from the word on: 400 characters and one more where the text goes on, counted by code points.
  const snippet = (window: string) => contentMatchesOf([{ id: 7, from: 1, at: 1, window: Buffer.from(window) }], ['needle']).get(7)?.text;

  it('tells a text that goes on after its window by the character beyond it, and leaves that character out', () => {
    expect(snippet(`needle${' '.repeat(390)}tail!`)).toBe('needle…');
    expect(snippet(`needle${' '.repeat(390)}tail`)).toBe('needle tail');
  });

  it('counts characters outside the Basic Multilingual Plane once, as SQL does', () => {
    const emoji = '😀'.repeat(50);
    expect(snippet(`needle${' '.repeat(345)}${emoji}`)).toBe('needle…');
    expect(snippet(`needle${' '.repeat(344)}${emoji}`)).toBe(`needle ${emoji}`);
  });

  it('takes the window as it crossed from the reading thread (a Uint8Array)', () => {
    const bytes = Buffer.from(`needle${' '.repeat(390)}tail!`);
    const crossed = new Uint8Array(structuredClone(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
    expect(contentMatchesOf([{ id: 7, from: 1, at: 1, window: crossed }], ['needle']).get(7)?.text).toBe('needle…');
  });
});

describe('contentMatchesOf, from the bytes around the word', () => {
  /**
   * For a text whose first occurrence of `word` is as written: the row the
   * database sends (bytes from 480 before the word, 480 + 401 × 4 in all, 4
   * bytes a character at most), and the snippet of the window of characters
   * it stands for (120 before the word, 401 from there).
   */
  function rowAndSnippet(text: string, word: string) {
    const index = text.indexOf(word);
    const charFrom = Math.max(1, [...text.slice(0, index)].length + 1 - 120);
    const chars = [...text].slice(charFrom - 1, charFrom + 400);
    const expected = snippetOf({ window: chars.slice(0, 400).join(''), cutBefore: charFrom > 1, more: chars.length > 400 }, [word]);
    const at = Buffer.byteLength(text.slice(0, index)) + 1;
    const from = Math.max(1, at - 480);
    return { row: { id: 1, from, at, window: Buffer.from(text).subarray(from - 1, from - 1 + 480 + 401 * 4) }, expected };
  }
  const both = (text: string, word: string) => {
    const { row, expected } = rowAndSnippet(text, word);
    return [contentMatchesOf([row], [word]).get(1), expected];
  };

  const fillers = {
    ascii: 'the minutes of the meeting, read again and filed ',
    greek: 'τα πρακτικά της συνεδρίασης διαβάστηκαν ξανά ',
    cjk: '会议记录再次阅读并归档 ',
    emoji: '😀 📁 🗂️ notes 🧾 ',
    mixed: 'Größe 💶 café 会议 ',
  };

  for (const [kind, filler] of Object.entries(fillers)) {
    it(`cuts the same window as from characters, in ${kind} text, near the start, deep inside and near the end`, () => {
      for (const [before, after] of [
        [0, 30],
        [1, 30],
        [200, 200],
        [200, 2],
        [3, 0],
      ] as const) {
        const text = `${filler.repeat(before)}needle${filler.repeat(after)}`;
        const [fromBytes, fromChars] = both(text, 'needle');
        expect(fromBytes?.text).not.toContain('\uFFFD');
        expect(fromBytes).toEqual(fromChars);
      }
    });
  }

  it('leaves out the pieces of characters the bytes begin and end inside', () => {
    // 479 bytes of two-byte characters and an ASCII space before the word: the window starts inside a character.
    const text = `${'é'.repeat(300)} needle ${'€'.repeat(600)}`;
    const [fromBytes, fromChars] = both(text, 'needle');
    expect(fromBytes).toEqual(fromChars);
    expect(fromBytes?.text.startsWith('…')).toBe(true);
    expect(fromBytes?.text.endsWith('…')).toBe(true);
  });
});
