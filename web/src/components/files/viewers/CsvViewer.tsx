import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { parseCsvPreview } from '../../../lib/csv-preview';
import { formatCount } from '../../../lib/format';
import { PreviewLoading } from '../PreviewMessage';
import { Pane, type TextViewerProps } from './TextViewer';
import { useBlobText } from './use-blob-text';

/** CSV as a table: the first row as headings, then the first rows below it. */
export function CsvViewer({ blob, truncated, name, fill }: TextViewerProps) {
  const { t } = useTranslation('files');
  const text = useBlobText(blob, truncated);
  const table = useMemo(() => (text === null ? null : parseCsvPreview(text, truncated)), [text, truncated]);
  if (table === null) return <PreviewLoading fill={fill} />;
  const cells = (row: string[]) => Array.from({ length: table.columns }, (_, i) => row[i] ?? '');
  const rowsNote = table.more ? t('preview.csvRows', { count: table.rows.length, shown: formatCount(table.rows.length) }) : null;
  const columnsNote = table.moreColumns ? t('preview.csvColumns', { count: table.columns, shown: formatCount(table.columns) }) : null;
  return (
    <Pane name={name} fill={fill} notes={[rowsNote, columnsNote]}>
      <table className="min-w-full border-separate border-spacing-0 text-left text-sm">
        <caption className="sr-only">{name}</caption>
        <thead className="sticky top-0 bg-slate-100">
          <tr>
            {cells(table.header).map((cell, i) => (
              <th key={i} scope="col" className="border-b border-slate-200 px-3 py-2 font-semibold whitespace-nowrap text-slate-800">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r} className="even:bg-slate-50">
              {cells(row).map((cell, i) => (
                <td key={i} className="border-b border-slate-100 px-3 py-1.5 whitespace-nowrap text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Pane>
  );
}
