import { describe, expect, it } from 'vitest';
import { parseCsvPreview } from './csv-preview';

describe('parseCsvPreview', () => {
  it('takes the first row as headings and honours quotes', () => {
    expect(parseCsvPreview('name,notes\nAda,"likes, commas"\nBob,"says ""hi"""\n', false)).toEqual({
      header: ['name', 'notes'],
      rows: [
        ['Ada', 'likes, commas'],
        ['Bob', 'says "hi"'],
      ],
      more: false,
      columns: 2,
      moreColumns: false,
    });
  });

  it('detects semicolons and skips blank lines', () => {
    expect(parseCsvPreview('a;b\n\n1;2\n', false)).toEqual({ header: ['a', 'b'], rows: [['1', '2']], more: false, columns: 2, moreColumns: false });
  });

  it('shows at most maxRows rows and says more follow', () => {
    const text = ['n', ...Array.from({ length: 5 }, (_, i) => String(i))].join('\n');
    expect(parseCsvPreview(text, false, 3)).toEqual({ header: ['n'], rows: [['0'], ['1'], ['2']], more: true, columns: 1, moreColumns: false });
    expect(parseCsvPreview(text, false, 5).more).toBe(false);
  });

  it('drops the row a cut-off head may end in', () => {
    expect(parseCsvPreview('a,b\n1,2\n3,4\n5,', true)).toEqual({ header: ['a', 'b'], rows: [['1', '2'], ['3', '4']], more: true, columns: 2, moreColumns: false });
  });

  it('reads an empty file as an empty table', () => {
    expect(parseCsvPreview('', false)).toEqual({ header: [], rows: [], more: false, columns: 0, moreColumns: false });
  });

  it('shows at most maxColumns columns, however wide a row is, and says more follow', () => {
    const table = parseCsvPreview(`${'x,'.repeat(250_000)}\n${'a\n'.repeat(1000)}`, false, 1000, 100);
    expect(table).toMatchObject({ columns: 100, moreColumns: true });
    expect(table.header).toHaveLength(100);
    expect(table.rows).toHaveLength(1000);
    expect(table.rows.every((row) => row.length <= 100)).toBe(true);
    expect(parseCsvPreview('a,b,c\n1,2,3,4\n', false, 10, 3)).toEqual({ header: ['a', 'b', 'c'], rows: [['1', '2', '3']], more: false, columns: 3, moreColumns: true });
  });
});
