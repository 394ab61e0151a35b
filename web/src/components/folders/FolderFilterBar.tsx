import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { RotateCcw, Search, SlidersHorizontal } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { SelectField, SelectOptions } from '../ui/Select';
import { DEFAULT_FOLDER_FILTERS, type FolderFilters } from './use-folder-filters';

type Options = readonly { value: string; label: 'filter.name' | 'filter.createdAt' | 'filter.fileCount' | 'filter.desc' | 'filter.asc' | 'filter.all' | 'filter.public' | 'filter.private' }[];

const SORTS: Options = [
  { value: 'name', label: 'filter.name' },
  { value: 'created_at', label: 'filter.createdAt' },
  { value: 'file_count', label: 'filter.fileCount' },
];
const ORDERS: Options = [
  { value: 'desc', label: 'filter.desc' },
  { value: 'asc', label: 'filter.asc' },
];
const VISIBILITIES: Options = [
  { value: 'all', label: 'filter.all' },
  { value: 'public', label: 'filter.public' },
  { value: 'private', label: 'filter.private' },
];

export interface FolderFilterBarProps {
  filters: FolderFilters;
  onChange(filters: FolderFilters): void;
  searching?: boolean;
}

/**
 * The folder search and filter bar: the name search runs on Enter or
 * Search; sort, order and visibility apply at once; Reset restores defaults.
 */
export function FolderFilterBar({ filters, onChange, searching = false }: FolderFilterBarProps) {
  const { t } = useTranslation('folders');
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
      <SelectOptions options={options.map((o) => ({ value: o.value, label: t(o.label) }))} />
    </SelectField>
  );

  return (
    <div className="mb-6 rounded-xl border border-slate-200 bg-surface p-4 shadow-card">
      <form role="search" aria-label={t('searchFolders')} onSubmit={submit} className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-[1_1_14rem]">
          <label htmlFor={`${id}-search`} className="sr-only">
            {t('searchFoldersByName')}
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input id={`${id}-search`} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('searchFoldersByName2')} className="pl-9" />
        </div>
        <Button variant="secondary" aria-expanded={open} aria-controls={`${id}-filters`} onClick={() => setOpen(!open)}>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {t('filters')}
        </Button>
        <Button type="submit" loading={searching}>
          {searching ? t('searching') : t('search')}
        </Button>
      </form>
      <div id={`${id}-filters`} hidden={!open} className={clsx('mt-4 border-t border-slate-100 pt-4', !open && 'hidden')}>
        <div className="grid gap-4 sm:grid-cols-3">
          {select('sort_by', SORTS, t('filter.sortBy'))}
          {select('sort_order', ORDERS, t('filter.order'))}
          {select('visibility', VISIBILITIES, t('filter.visibility'))}
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_FOLDER_FILTERS)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('reset')}
          </Button>
        </div>
      </div>
    </div>
  );
}
