import { useEffect, useId, useState, type FormEvent } from 'react';
import { RotateCcw, Search, SlidersHorizontal } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { SelectField, SelectOptions } from '../ui/Select';
import { DEFAULT_FOLDER_FILTERS, type FolderFilters } from './use-folder-filters';

type Options = readonly { value: string; label: string }[];

const SORTS: Options = [
  { value: 'name', label: 'Name' },
  { value: 'created_at', label: 'Creation Date' },
  { value: 'file_count', label: 'File Count' },
];
const ORDERS: Options = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
];
const VISIBILITIES: Options = [
  { value: 'all', label: 'All folders' },
  { value: 'public', label: 'Public only' },
  { value: 'private', label: 'Private only' },
];

export interface FolderFilterBarProps {
  filters: FolderFilters;
  onChange(filters: FolderFilters): void;
  searching?: boolean;
}

/**
 * SPEC §2's folder search and filter bar: the name search runs on Enter or
 * Search; sort, order and visibility apply at once; Reset restores defaults.
 */
export function FolderFilterBar({ filters, onChange, searching = false }: FolderFilterBarProps) {
  const id = useId();
  const [text, setText] = useState(filters.search);
  const [open, setOpen] = useState(false);
  useEffect(() => setText(filters.search), [filters.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, search: text.trim() });
  };
  const select = (key: 'sort_by' | 'sort_order' | 'visibility', options: Options, label: string) => (
    <SelectField label={label} value={filters[key]} onChange={(e) => onChange({ ...filters, [key]: e.target.value })}>
      <SelectOptions options={options} />
    </SelectField>
  );

  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-card">
      <form role="search" aria-label="Search folders" onSubmit={submit} className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-[1_1_14rem]">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search folders by name
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input id={`${id}-search`} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search folders by name..." className="pl-9" />
        </div>
        <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-filters`} onClick={() => setOpen(!open)}>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
        </Button>
        <Button type="submit" loading={searching}>
          {searching ? 'Searching...' : 'Search'}
        </Button>
      </form>
      <div id={`${id}-filters`} hidden={!open} className={clsx('mt-4 border-t border-slate-100 pt-4', !open && 'hidden')}>
        <div className="grid gap-4 sm:grid-cols-3">
          {select('sort_by', SORTS, 'Sort by')}
          {select('sort_order', ORDERS, 'Order')}
          {select('visibility', VISIBILITIES, 'Visibility')}
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_FOLDER_FILTERS)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset
          </Button>
        </div>
      </div>
    </div>
  );
}
