import Papa from 'papaparse';
import { CSV_PREVIEW_ROWS } from '@vault/contract';

export interface CsvPreview {
  /** The first row, shown as the column headings. */
  header: string[];
  /** The rows below it, at most CSV_PREVIEW_ROWS. */
  rows: string[][];
  /** More rows follow than are shown. */
  more: boolean;
}

/**
 * The head of a CSV file as a table: its first row as headings, then up to
 * `maxRows` rows; the delimiter (comma, semicolon, tab...) is detected. When
 * the text is only the head of a longer file its last row may be cut off, so
 * it is dropped.
 */
export function parseCsvPreview(text: string, truncated: boolean, maxRows = CSV_PREVIEW_ROWS): CsvPreview {
  // One row beyond what is shown tells whether more follow; one more stands in for a row cut short.
  const parsed = Papa.parse<string[]>(text, { preview: maxRows + 2, skipEmptyLines: 'greedy' });
  const all = parsed.data;
  if (truncated && all.length <= maxRows + 1) all.pop();
  const [header = [], ...rows] = all;
  return { header, rows: rows.slice(0, maxRows), more: truncated || rows.length > maxRows };
}
