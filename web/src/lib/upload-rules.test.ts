import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTENSIONS, LIMITS } from '@vault/contract';
import { MIB } from './bytes';
import { addTag, parseTagList, screenFiles } from './upload-rules';

/** A default installation's limits. */
const DEFAULTS = { maxBytes: LIMITS.maxFileBytes, allowedTypes: DEFAULT_EXTENSIONS };

function file(name: string, size = 10): File {
  const f = new File(['x'], name, { lastModified: 1 });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('screenFiles (upload rules)', () => {
  it('accepts the listed types, case-insensitively', () => {
    const names = ['a.jpeg', 'b.JPG', 'c.png', 'd.gif', 'e.webp', 'f.pdf', 'g.txt', 'h.md', 'i.csv', 'j.json'];
    expect(screenFiles([], names.map((n) => file(n)), DEFAULTS).accepted.map((f) => f.name)).toEqual(names);
    expect(screenFiles([], [file('k.zip')], DEFAULTS).accepted).toHaveLength(1);
  });

  it('explains each refused type', () => {
    const { accepted, rejected } = screenFiles([], [file('setup.exe'), file('README'), file('ok.txt')], DEFAULTS);
    expect(accepted.map((f) => f.name)).toEqual(['ok.txt']);
    expect(rejected).toEqual([
      { name: 'setup.exe', reason: '.exe files are not accepted. Accepted types: JPEG, JPG, PNG, GIF, WEBP, PDF, TXT, MD, CSV, JSON, ZIP.' },
      { name: 'README', reason: 'Files without an extension are not accepted. Accepted types: JPEG, JPG, PNG, GIF, WEBP, PDF, TXT, MD, CSV, JSON, ZIP.' },
    ]);
  });

  it('takes files of exactly 100 MB and refuses larger ones', () => {
    const { accepted, rejected } = screenFiles([], [file('max.pdf', 104_857_600), file('big.pdf', 104_857_601)], DEFAULTS);
    expect(accepted.map((f) => f.name)).toEqual(['max.pdf']);
    expect(rejected).toEqual([{ name: 'big.pdf', reason: 'This file is larger than the 100\u00a0MB limit per file.' }]);
  });

  it('keeps at most maxFiles in the list when they go in one request, and says why the rest were left out', () => {
    const selected = Array.from({ length: 8 }, (_, i) => file(`s${i}.txt`));
    const dropped = Array.from({ length: 4 }, (_, i) => file(`d${i}.txt`));
    const { accepted, rejected } = screenFiles(selected, dropped, { ...DEFAULTS, maxFiles: LIMITS.maxFilesPerUpload });
    expect(accepted.map((f) => f.name)).toEqual(['d0.txt', 'd1.txt']);
    expect(rejected).toEqual([
      { name: 'd2.txt', reason: 'At most 10 files can be uploaded at once.' },
      { name: 'd3.txt', reason: 'At most 10 files can be uploaded at once.' },
    ]);
  });

  it('takes any number of files when they are sent one by one', () => {
    const selected = Array.from({ length: 40 }, (_, i) => file(`s${i}.txt`));
    const dropped = Array.from({ length: 60 }, (_, i) => file(`tree/d${i % 6}/f${i}.txt`));
    const { accepted, rejected } = screenFiles(selected, dropped, DEFAULTS);
    expect(accepted).toHaveLength(60);
    expect(rejected).toEqual([]);
  });

  it('refuses a file already in the list', () => {
    const same = file('a.txt');
    expect(screenFiles([same], [file('a.txt')], DEFAULTS).rejected).toEqual([{ name: 'a.txt', reason: 'This file is already in the list.' }]);
  });

  it("follows the installation's list of types", () => {
    const { accepted, rejected } = screenFiles([], [file('report.docx'), file('a.png')], { ...DEFAULTS, allowedTypes: ['docx', 'pdf'] });
    expect(accepted.map((f) => f.name)).toEqual(['report.docx']);
    expect(rejected).toEqual([{ name: 'a.png', reason: '.png files are not accepted. Accepted types: DOCX, PDF.' }]);
  });

  it('honours a server limit below 100 MB', () => {
    expect(screenFiles([], [file('a.pdf', 2_000_000)], { ...DEFAULTS, maxBytes: MIB }).rejected[0]?.reason).toBe('This file is larger than the 1\u00a0MB limit per file.');
  });
});

describe('addTag (tag rules)', () => {
  it('trims and adds', () => {
    expect(addTag([], '  invoices  ')).toEqual({ tags: ['invoices'], error: null });
  });

  it('refuses blanks, duplicates (ignoring case) and long tags', () => {
    expect(addTag(['a'], '   ')).toMatchObject({ tags: ['a'], error: 'Tags cannot be blank' });
    expect(addTag(['Invoices'], 'invoices ')).toMatchObject({ tags: ['Invoices'], error: '"invoices" is already added' });
    expect(addTag([], 'x'.repeat(50)).error).toBeNull();
    expect(addTag([], 'x'.repeat(51))).toMatchObject({ error: 'Tags must be at most 50 characters' });
  });

  it('refuses control and bidi characters, as the server does, and takes every script', () => {
    for (const c of ['\u0000', '\u007f', '\u009b', '\u202e', '\u2066']) expect(addTag([], `Q3${c}x`)).toMatchObject({ tags: [], error: 'Tags cannot contain control characters' });
    expect(addTag([], 'تقارير')).toEqual({ tags: ['تقارير'], error: null });
  });

  it('stops at 10 tags', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(addTag(ten.slice(0, 9), 'ninth').error).toBeNull();
    expect(addTag(ten, 'eleventh')).toMatchObject({ tags: ten, error: 'Maximum 10 tags allowed' });
  });
});

describe('parseTagList', () => {
  it('splits on commas, trims, skips blanks and repeats', () => {
    expect(parseTagList(' a, b ,, A , c ')).toEqual({ tags: ['a', 'b', 'c'], error: null });
  });

  it('reports the first broken rule', () => {
    expect(parseTagList(Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')).error).toBe('Maximum 10 tags allowed');
    expect(parseTagList(`ok, ${'y'.repeat(51)}`).error).toBe('Tags must be at most 50 characters');
  });
});
