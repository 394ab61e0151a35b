import { describe, expect, it } from 'vitest';
import { ArchiveNames, safeSegment } from './archive-names.js';

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

  it('never leaves an empty, "." or ".." segment, nor trailing dots', () => {
    expect(safeSegment('...')).toBe('_');
    expect(safeSegment('..')).toBe('_');
    expect(safeSegment('notes. ')).toBe('notes');
  });
});

describe('ArchiveNames', () => {
  it('takes a folder name stored with bidi or C1 characters as a plain directory entry', () => {
    const names = new ArchiveNames();
    expect(names.take('', 'Reports\u202Eexe.pdf')).toBe('Reports_exe.pdf');
    expect(names.take('', 'Reports\u009bexe.pdf')).toBe('Reports_exe (2).pdf');
  });
});
