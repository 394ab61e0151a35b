import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';

export type SortOrder = 'asc' | 'desc';

/** The sort in force and how to change it; a table's sortable headers share it. */
export interface TableSort<S extends string> {
  by: S;
  order: SortOrder;
  onChange(by: S, order: SortOrder): void;
}

/** aria-sort of a sortable header: none, or the direction of the sort in force. */
export function ariaSort<S extends string>(field: S | undefined, sort: TableSort<S> | undefined) {
  if (!sort || !field) return undefined;
  if (sort.by !== field) return 'none' as const;
  return sort.order === 'asc' ? ('ascending' as const) : ('descending' as const);
}

/**
 * A header's button: the first click sorts by its field descending, the next
 * ones toggle the direction.
 */
export function SortButton<S extends string>({ field, label, sort }: { field: S; label: string; sort: TableSort<S> }) {
  const active = sort.by === field;
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => sort.onChange(field, active && sort.order === 'desc' ? 'asc' : 'desc')}
      className={clsx(
        '-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-0.5 uppercase hover:bg-slate-100 hover:text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-accent-600',
        active && 'text-slate-900',
      )}
    >
      {label}
      <Icon aria-hidden="true" className={clsx('size-3.5', !active && 'text-slate-400')} />
    </button>
  );
}
