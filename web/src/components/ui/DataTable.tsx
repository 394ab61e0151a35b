import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useMediaQuery } from '../../lib/use-media-query';
import { ariaSort, SortButton, type SortOrder, type TableSort } from './SortHeader';

export type { SortOrder, TableSort };

export interface Column<T, S extends string = string> {
  /** Visible header; also the label of the value on small-screen cards. */
  header: string;
  cell(row: T): ReactNode;
  align?: 'left' | 'right';
  /** The row's main cell: the heading of its small-screen card. */
  primary?: boolean;
  /** Row actions: top right of the small-screen card, without a label. */
  actions?: boolean;
  /** Long values (several words) wrap onto a few lines rather than widen the table. */
  wrap?: boolean;
  /** A sort field the header toggles. */
  sortBy?: S;
  className?: string;
}

export interface DataTableProps<T, S extends string> {
  /** Names the table for screen readers. */
  caption: string;
  columns: Column<T, S>[];
  rows: T[];
  rowKey(row: T): string | number;
  sort?: TableSort<S> | undefined;
}

/**
 * Below 1024 px these tables (five columns of facts and the actions) do not fit their card:
 * each row becomes a card of label/value pairs.
 */
const WIDE = '(min-width: 1024px)';

/** The actions stay in view at the right edge while the other columns scroll under them. */
const PINNED = 'sticky right-0 z-10 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.12)]';

export function DataTable<T, S extends string = string>({ caption, columns, rows, rowKey, sort }: DataTableProps<T, S>) {
  const wide = useMediaQuery(WIDE);
  if (!wide) return <CardList caption={caption} columns={columns} rows={rows} rowKey={rowKey} />;
  return (
    // Relative: the visually hidden header text is positioned absolutely and must stay inside the scroll box.
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                aria-sort={ariaSort(column.sortBy, sort)}
                className={clsx(
                  'px-3 py-3 first:pl-5 last:pr-5 xl:px-4',
                  column.align === 'right' && 'text-right',
                  column.actions && clsx(PINNED, 'bg-slate-50'),
                )}
              >
                {column.actions ? (
                  <span className="sr-only">{column.header}</span>
                ) : sort && column.sortBy ? (
                  <SortButton field={column.sortBy} label={column.header} sort={sort} />
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="group transition-colors hover:bg-slate-50">
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={clsx(
                    'px-3 py-3 align-middle first:pl-5 last:pr-5 xl:px-4',
                    column.align === 'right' && 'text-right tabular-nums',
                    // The main cell takes the room the others leave, and wraps or truncates in it rather than widening the table.
                    column.primary ? 'w-full max-w-0 min-w-56' : clsx('text-slate-600', column.wrap ? 'min-w-44' : 'whitespace-nowrap'),
                    column.actions && clsx(PINNED, 'bg-surface transition-colors group-hover:bg-slate-50'),
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CardList<T, S extends string>({ caption, columns, rows, rowKey }: Omit<DataTableProps<T, S>, 'sort'>) {
  const primary = columns.find((c) => c.primary);
  const actions = columns.find((c) => c.actions);
  const details = columns.filter((c) => !c.primary && !c.actions);
  return (
    <ul aria-label={caption} className="divide-y divide-slate-100">
      {rows.map((row) => (
        <li key={rowKey(row)} className="px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 flex-1">{primary?.cell(row)}</div>
            {actions && <div className="-mt-1 -mr-1 flex shrink-0 items-center gap-1">{actions.cell(row)}</div>}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {details.map((column) => (
              <div key={column.header} className="min-w-0">
                <dt className="text-xs font-medium text-slate-500">{column.header}</dt>
                <dd className="mt-0.5 text-slate-800">{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
