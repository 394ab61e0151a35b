import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hasUnsafeCharacters, replaceUnsafeCharacters } from './characters.js';
import { tagSchema } from './files.js';
import { folderNameSchema } from './folders.js';
import { fileRequestCreateSchema, linkCreateSchema } from './links.js';

/** NUL, CR, LF, TAB, DEL, C1's CSI, the bidi controls (marks, embeddings, overrides, isolates), and halves of surrogate pairs alone. */
const UNSAFE = ['\u0000', '\r', '\n', '\t', '\u007f', '\u0085', '\u009b', '\u200e', '\u200f', '\u061c', '\u202a', '\u202e', '\u2066', '\u2069', '\ud800', '\udfff'];
/** Names in other scripts, right-to-left ones included, and emoji (with a zero-width joiner). */
const ORDINARY = ['Café crème', 'Überweisung Ærø', '日本語のメモ', '보고서', '📁 Projects 👩‍💻', 'تقارير 2024', 'דוחות שנתיים', 'Привет'];

const codeOf = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first message a schema gives for `value`, or null when it takes it. */
function messageFor(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

describe('unsafe characters', () => {
  it('are the control characters, the bidi controls and lone surrogates, nothing else', () => {
    for (const c of UNSAFE) expect(hasUnsafeCharacters(`a${c}b`), codeOf(c)).toBe(true);
    for (const text of ORDINARY) expect(hasUnsafeCharacters(text), text).toBe(false);
    expect(hasUnsafeCharacters('line one\nline two', '\n')).toBe(false);
    expect(hasUnsafeCharacters('line one\r\nline two', '\n')).toBe(true);
    expect(replaceUnsafeCharacters('photo\u202Egnp.exe\u0000', '')).toBe('photognp.exe');
    expect(replaceUnsafeCharacters('a\u009bb\u2066c', '_')).toBe('a_b_c');
    // A pair is one character: only a half alone goes.
    expect(replaceUnsafeCharacters('😀\ud83d.txt', '')).toBe('😀.txt');
    expect(replaceUnsafeCharacters('line\u202E one\r\nline two', '', '\n')).toBe('line one\nline two');
  });
});

const labelOf = linkCreateSchema.shape.label;
const messageOf = fileRequestCreateSchema.shape.message;

describe.each([
  ['folder name', folderNameSchema, 'Folder names cannot contain slashes or control characters', UNSAFE],
  ['tag', tagSchema, 'Tags cannot contain control characters', UNSAFE],
  ['link label', labelOf, 'The label cannot contain control characters', UNSAFE],
  ['request message', messageOf, 'The message cannot contain control characters other than line breaks', UNSAFE.filter((c) => c !== '\n')],
])('a %s', (_field, schema, message, refused) => {
  it('refuses control and bidi characters anywhere in it', () => {
    for (const c of refused) expect(messageFor(schema, `Q3${c}report`), codeOf(c)).toBe(message);
  });

  it('takes names of every script, and emoji', () => {
    for (const text of ORDINARY) expect(messageFor(schema, text), text).toBeNull();
  });
});

it('a request message keeps its line breaks', () => {
  expect(messageOf.parse('Hello,\n\nplease send the scans.\n')).toBe('Hello,\n\nplease send the scans.');
});
