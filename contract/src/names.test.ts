import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';
import { numberedFolderName, numberedName } from './names.js';

describe('numberedName', () => {
  it('puts the number before the extension', () => {
    expect(numberedName('notes.txt', 2)).toBe('notes (2).txt');
    expect(numberedName('archive.tar.gz', 3)).toBe('archive.tar (3).gz');
  });
  it('puts it at the end of a name without an extension, or a leading-dot name', () => {
    expect(numberedName('README', 2)).toBe('README (2)');
    expect(numberedName('.env', 2)).toBe('.env (2)');
  });
  it('keeps the result within the longest name allowed, extension kept', () => {
    const long = `${'a'.repeat(300)}.pdf`;
    const out = numberedName(long, 12);
    expect(out.length).toBeLessThanOrEqual(255);
    expect(out.endsWith(' (12).pdf')).toBe(true);
  });
});

describe('numberedFolderName', () => {
  it('puts the number at the end, dots and all, within the longest folder name', () => {
    expect(numberedFolderName('Release 1.2', 2)).toBe('Release 1.2 (2)');
    const out = numberedFolderName('f'.repeat(LIMITS.folderNameMax), 10);
    expect(out).toHaveLength(LIMITS.folderNameMax);
    expect(out.endsWith('f (10)')).toBe(true);
  });
});
