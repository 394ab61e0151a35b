import { useEffect, useId, useState, type FormEvent } from 'react';
import { RotateCcw, Search, SlidersHorizontal } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { SelectField } from '../ui/Select';
import { DEFAULT_FOLDER_FILTERS, type FolderFilters } from './use-folder-filters';

const SORTS = [
  ['name', 'Name'],
  ['created_at', 'Creation Date'],
  ['file_count', 'File Count'],
] as const;
const ORDERS = [
  ['desc', 'Descending'],
  ['asc', 'Ascending'],
] as const;
const VISIBILITIES = [
  ['all', 'All folders'],
  ['public', 'Public only'],
  ['private', 'Private only'],
] as const;

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
  const select = (key: 'sort_by' | 'sort_order' | 'visibility', options: readonly (readonly [string, string])[], label: string) => (
    <SelectField label={label} value={filters[key]} onChange={(e) => onChange({ ...filters, [key]: e.target.value })}>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
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
