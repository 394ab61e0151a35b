import Papa from 'papaparse';
import { CSV_PREVIEW_COLUMNS, CSV_PREVIEW_ROWS } from '@vault/contract';

export interface CsvPreview {
  /** The first row, shown as the column headings. */
  header: string[];
  /** The rows below it, at most CSV_PREVIEW_ROWS. */
  rows: string[][];
  /** More rows follow than are shown. */
  more: boolean;
  /** The columns of the table: as many as the widest row shown, at most CSV_PREVIEW_COLUMNS. */
  columns: number;
  /** Some row has more columns than are shown. */
  moreColumns: boolean;
}

/**
 * The head of a CSV file as a table: its first row as headings, then up to
 * `maxRows` rows of up to `maxColumns` fields; the delimiter (comma,
 * semicolon, tab...) is detected. When the text is only the head of a longer
 * file its last row may be cut off, so it is dropped.
 */
export function parseCsvPreview(text: string, truncated: boolean, maxRows = CSV_PREVIEW_ROWS, maxColumns = CSV_PREVIEW_COLUMNS): CsvPreview {
  // One row beyond what is shown tells whether more follow; one more stands in for a row cut short.
  const parsed = Papa.parse<string[]>(text, { preview: maxRows + 2, skipEmptyLines: 'greedy' });
  const all = parsed.data;
  if (truncated && all.length <= maxRows + 1) all.pop();
  const [header = [], ...rest] = all;
  const rows = rest.slice(0, maxRows);
  const widest = Math.max(header.length, ...rows.map((r) => r.length));
  const cut = (row: string[]) => row.slice(0, maxColumns);
  return { header: cut(header), rows: rows.map(cut), more: truncated || rest.length > maxRows, columns: Math.min(widest, maxColumns), moreColumns: widest > maxColumns };
}
