import { describe, expect, it } from 'vitest';
import { FileArchive, FileImage, FileJson, FileSpreadsheet, FileText, File as FileIcon } from 'lucide-react';
import { extensionLabel, fileKind } from './file-types';

describe('fileKind', () => {
  it.each([
    ['image/png', FileImage],
    ['image/webp', FileImage],
    ['application/pdf', FileText],
    ['application/json', FileJson],
    ['text/csv', FileSpreadsheet],
    ['application/vnd.ms-excel', FileSpreadsheet],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', FileSpreadsheet],
    ['text/plain', FileText],
    ['application/msword', FileText],
    ['application/zip', FileArchive],
    ['application/x-rar-compressed', FileArchive],
    ['video/mp4', FileIcon],
  ])('%s shows its kind of icon', (mime, icon) => {
    expect(fileKind(mime).icon).toBe(icon);
  });

  it('tells PDFs from other text by colour', () => {
    expect(fileKind('application/pdf').tone).toContain('text-red-700');
    expect(fileKind('text/plain').tone).toContain('text-slate-600');
  });
});

describe('extensionLabel', () => {
  it('is the extension in capitals, or FILE without one', () => {
    expect(extensionLabel('report.final.PDF')).toBe('PDF');
    expect(extensionLabel('notes.md')).toBe('MD');
    expect(extensionLabel('Makefile')).toBe('FILE');
  });
});
