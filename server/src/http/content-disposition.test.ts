import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

/** The exact name a client recovers from filename*. */
const exactName = (header: string) => decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)![1]!);
const fallbackName = (header: string) => /filename="([^"]*)"/.exec(header)![1];

describe('contentDisposition', () => {
  it('offers a download, or shows in place for a preview', () => {
    expect(contentDisposition('report.pdf', false)).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('report.pdf', true)).toBe(`inline; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  });

  it('keeps the exact name in filename* and an ASCII look-alike in filename', () => {
    const header = contentDisposition('Übersicht – 2024 ☃.pdf', false);
    expect(exactName(header)).toBe('Übersicht – 2024 ☃.pdf');
    expect(fallbackName(header)).toBe('Ubersicht _ 2024 _.pdf');
    expect(header).toMatch(/^[\x20-\x7e]*$/);
  });

  it('never lets quotes, backslashes, separators or control characters reach the header unescaped', () => {
    const header = contentDisposition('a"b\\c/d%e;f\r\ng.txt', false);
    expect(fallbackName(header)).toBe('a_b_c_d_e_f__g.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.split("filename*=UTF-8''")[1]).not.toMatch(/["'();\\ ]/);
    expect(exactName(header)).toBe('a"b\\c/d%e;f\r\ng.txt');
  });

  it("percent-encodes the characters RFC 5987 leaves out: ' ( ) *", () => {
    expect(contentDisposition("it's (a) *.txt", false)).toContain(`filename*=UTF-8''it%27s%20%28a%29%20%2A.txt`);
  });

  it('falls back to "download" when nothing of the name is ASCII', () => {
    expect(fallbackName(contentDisposition('   ', false))).toBe('download');
  });
});
