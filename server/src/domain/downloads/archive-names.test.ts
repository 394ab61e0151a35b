import { describe, expect, it } from 'vitest';
import { ArchiveDirectory, safeSegment } from './archive-names.js';

describe('safeSegment', () => {
  it('replaces separators, reserved and control characters, C1 and bidi controls included', () => {
    expect(safeSegment('a/b\\c:d*e?')).toBe('a_b_c_d_e_');
    expect(safeSegment('tab\there\u0000\u007f')).toBe('tab_here__');
    expect(safeSegment('csi\u009b2J')).toBe('csi_2J');
    expect(safeSegment('Invoices\u202Efdp.exe')).toBe('Invoices_fdp.exe');
    expect(safeSegment('\u2066isolated\u2069 \u200fmark\u061c')).toBe('_isolated_ _mark_');
  });

  it('keeps names of every script, right-to-left ones included', () => {
    for (const name of ['Café crème', '日本語のメモ', 'تقارير 2024', 'דוחות שנתיים', '📁 Projects 👩‍💻']) expect(safeSegment(name)).toBe(name);
  });

  it('renames Windows device names, whatever their extension', () => {
    expect(['CON', 'con.txt', 'Aux.tar.gz', 'nul', 'COM1.log', 'lpt9', 'com¹'].map(safeSegment)).toEqual(['CON_', 'con_.txt', 'Aux_.tar.gz', 'nul_', 'COM1_.log', 'lpt9_', 'com¹_']);
    expect(['console.txt', 'auxiliary', 'com10', 'nul-report.pdf'].map(safeSegment)).toEqual(['console.txt', 'auxiliary', 'com10', 'nul-report.pdf']);
  });

  it('never leaves an empty, "." or ".." segment, nor trailing dots', () => {
    expect(safeSegment('...')).toBe('_');
    expect(safeSegment('..')).toBe('_');
    expect(safeSegment('notes. ')).toBe('notes');
  });
});

describe('ArchiveDirectory', () => {
  it('takes a folder name stored with bidi or C1 characters as a plain directory entry', () => {
    const top = new ArchiveDirectory();
    expect(top.take('Reports\u202Eexe.pdf')).toBe('Reports_exe.pdf');
    expect(top.take('Reports\u009bexe.pdf')).toBe('Reports_exe (2).pdf');
  });

  it('cuts a name to 255 bytes of UTF-8 on whole characters, keeping its extension and its number', () => {
    const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
    const docs = new ArchiveDirectory('Docs/');
    const japanese = `${'議事録'.repeat(84)}.pdf`; // 256 characters, 760 bytes
    const first = docs.take(japanese);
    expect(bytes(first)).toBeLessThanOrEqual(255);
    expect(first).toBe(`${'議事録'.repeat(27)}議事.pdf`);
    expect(docs.take(japanese)).toBe(`${'議事録'.repeat(27)}議 (2).pdf`);

    // A family emoji is one character of 25 bytes: kept whole or left out, never cut in parts.
    const family = '👨‍👩‍👧‍👦';
    const top = new ArchiveDirectory();
    const emoji = top.take(`${'a'.repeat(240)}${family}.txt`);
    expect(emoji).toBe(`${'a'.repeat(240)}.txt`);
    expect(top.take(`${'b'.repeat(200)}${family}.txt`)).toBe(`${'b'.repeat(200)}${family}.txt`);
    // An ASCII name of 255 characters is 255 bytes: kept as it is.
    expect(top.take(`${'c'.repeat(251)}.txt`)).toBe(`${'c'.repeat(251)}.txt`);
  });
});
