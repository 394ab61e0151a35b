import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RotateCcw, Search, SlidersHorizontal } from 'lucide-react';
import type { FileSearchCriteria } from '@vault/contract';
import { useAllowedTypes } from '../../api/auth';
import { toQueryString } from '../../lib/query-string';
import { typeFilterOptions } from '../../lib/allowed-types';
import { folderChoices, type FolderOption } from '../../lib/folder-paths';
import { activeFilterCount } from '../../lib/file-search/criteria';
import { SIZE_PRESETS, SORT_OPTIONS, SORT_ORDER_OPTIONS, type FilterOptionKey } from '../../lib/file-search/filter-options';
import {
  criteriaFromDraft,
  draftFromCriteria,
  EMPTY_DRAFT,
  type FilterDraft,
  type FilterErrors,
  type FilterVariant,
} from '../../lib/file-search/filter-form';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { SelectField, SelectOptions } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { TagInput } from '../tags/TagInput';

/** How a search was asked for: typed ones replace the previous history entry rather than add one. */
export interface SearchHow {
  typed: boolean;
}

/** Typing searches once the keys have rested this long, so a word costs one request, not one per letter. */
export const SEARCH_AS_YOU_TYPE_MS = 300;

export interface SearchFilterPanelProps {
  /** The criteria in force; the form follows them when they change (e.g. Back). */
  value: FileSearchCriteria;
  /**
   * A new search: the criteria without a page (start at page 1). `typed` when
   * it comes from typing in the search box rather than Enter or a button.
   */
  onSearch(criteria: FileSearchCriteria, how?: SearchHow): void;
  /** While the search runs: 'Searching...' on the button. */
  loading?: boolean;
  /** Options of the folder filter. */
  folders?: readonly FolderOption[];
  /** Hides the folder filter (public files, a folder's own page). */
  hideFolderFilter?: boolean;
  /** 'advanced' (folder detail): min/max size in whole MB and tag chips instead of presets and comma-separated text. */
  variant?: FilterVariant;
  /** Starts with the filters open. */
  defaultExpanded?: boolean;
}

/**
 * The search and filter panel: a search box that searches as you type (once
 * typing pauses) and at once on Enter, a Filters toggle, Search
 * ('Searching...' while loading) and the expandable filters with Reset, which
 * restores the defaults and searches at once.
 */
export function SearchFilterPanel({
  value,
  onSearch,
  loading = false,
  folders = [],
  hideFolderFilter = false,
  variant = 'standard',
  defaultExpanded = false,
}: SearchFilterPanelProps) {
  const { t } = useTranslation('files');
  const allowedTypes = useAllowedTypes();
  const id = useId();
  const translated = (options: readonly { value: string; labelKey: FilterOptionKey }[]) =>
    options.map((o) => ({ value: o.value, label: t(o.labelKey) }));
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromCriteria(value));
  const [errors, setErrors] = useState<FilterErrors>({});
  const [expanded, setExpanded] = useState(defaultExpanded);
  const activeCount = activeFilterCount(value);

  const valueKey = toQueryString(value);
  // The criteria the last typed search asked for: when they come back as the value,
  // the form keeps what was typed since and the filters not applied yet.
  const typedKey = useRef<string | null>(null);
  useEffect(() => {
    if (valueKey === typedKey.current) {
      typedKey.current = null;
      return;
    }
    setDraft(draftFromCriteria(value));
    setErrors({});
    // The serialized criteria identify the value: a new object with the same content changes nothing.
  }, [valueKey]);

  const typedText = draft.search.trim();
  useEffect(() => {
    if (typedText === (value.search ?? '')) return;
    const timer = window.setTimeout(() => {
      const next = { ...value, search: typedText || undefined, page: undefined };
      typedKey.current = toQueryString(next);
      onSearch(next, { typed: true });
    }, SEARCH_AS_YOU_TYPE_MS);
    return () => window.clearTimeout(timer);
    // A new value or more typing restarts the wait; the value itself is read when it ends.
  }, [typedText, valueKey]);

  const set = <K extends keyof FilterDraft>(key: K, next: FilterDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: next }));
    setErrors((e) => ({ ...e, [key === 'tags_text' ? 'tags' : key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = criteriaFromDraft(draft, variant, value);
    if (result.errors) {
      setErrors(result.errors);
      setExpanded(true);
      return;
    }
    typedKey.current = null;
    onSearch(result.criteria);
  };

  const reset = () => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    typedKey.current = null;
    onSearch({});
  };

  const filtersId = `${id}-filters`;
  return (
    <form role="search" aria-label={t('searchFiles')} noValidate onSubmit={submit}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            type="search"
            aria-label={t('search')}
            placeholder={t('panel.placeholder')}
            value={draft.search}
            onChange={(e) => set('search', e.target.value)}
            className="pl-9"
          />
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-expanded={expanded}
            aria-controls={filtersId}
            aria-label={activeCount > 0 ? t('panel.filtersActive', { count: activeCount }) : undefined}
            onClick={() => setExpanded((x) => !x)}
            className="flex-1 sm:flex-none"
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {t('panel.filters')}
            {activeCount > 0 && (
              <span aria-hidden="true" className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-600 px-1.5 text-xs font-semibold text-white">
                {activeCount}
              </span>
            )}
          </Button>
          <Button type="submit" loading={loading} className="flex-1 sm:flex-none">
            {!loading && <Search aria-hidden="true" className="size-4" />}
            {loading ? t('panel.searching') : t('search')}
          </Button>
        </div>
      </div>

      <div id={filtersId} hidden={!expanded} className="mt-4 rounded-lg border border-slate-200 bg-slate-50/70 p-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField label={t('fileType')} value={draft.mime_type} onChange={(e) => set('mime_type', e.target.value)}>
            <option value="">{t('allTypes')}</option>
            <SelectOptions options={translated(typeFilterOptions(allowedTypes))} />
          </SelectField>
          {variant === 'standard' ? (
            <SelectField label={t('size')} value={draft.size} onChange={(e) => set('size', e.target.value)}>
              <option value="">{t('anySize')}</option>
              <SelectOptions options={translated(SIZE_PRESETS)} />
              {draft.size === 'custom' && <option value="custom">{t('customRange')}</option>}
            </SelectField>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              {(['min_mb', 'max_mb'] as const).map((key) => (
                <TextField
                  key={key}
                  label={key === 'min_mb' ? t('panel.minSize') : t('panel.maxSize')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={draft[key]}
                  error={errors[key]}
                  onChange={(e) => set(key, e.target.value)}
                />
              ))}
            </div>
          )}
          <TextField label={t('uploader')} placeholder={t('username')} autoComplete="off" value={draft.uploader} onChange={(e) => set('uploader', e.target.value)} />
          {/* From and To share a row on phones and are grid cells of their own above. */}
          <div className="grid grid-cols-2 gap-2 sm:contents">
            <TextField label={t('from')} type="date" value={draft.start_date} onChange={(e) => set('start_date', e.target.value)} />
            <TextField label={t('to')} type="date" value={draft.end_date} error={errors.end_date} onChange={(e) => set('end_date', e.target.value)} />
          </div>
          {variant === 'standard' ? (
            <TextField
              label={t('tags')}
              placeholder={t('eGInvoices2024')}
              hint={t('separateTagsWithCommas')}
              value={draft.tags_text}
              error={errors.tags}
              onChange={(e) => set('tags_text', e.target.value)}
            />
          ) : (
            <div className="sm:col-span-2 lg:col-span-1">
              <TagInput tags={draft.tags} onChange={(tags) => set('tags', tags)} placeholder={t('filterByTag')} />
            </div>
          )}
          {!hideFolderFilter && (
            <SelectField label={t('folder')} value={draft.folder_id} onChange={(e) => set('folder_id', e.target.value)}>
              <option value="">{t('allFolders')}</option>
              <SelectOptions options={folderChoices(folders)} />
            </SelectField>
          )}
          <SelectField label={t('sortBy')} value={draft.sort_by} onChange={(e) => set('sort_by', e.target.value as FilterDraft['sort_by'])}>
            <SelectOptions options={translated(SORT_OPTIONS)} />
          </SelectField>
          <SelectField label={t('order')} value={draft.sort_order} onChange={(e) => set('sort_order', e.target.value as FilterDraft['sort_order'])}>
            <SelectOptions options={translated(SORT_ORDER_OPTIONS)} />
          </SelectField>
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="ghost" onClick={reset}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {variant === 'advanced' ? t('panel.clearAll') : t('panel.reset')}
          </Button>
          <Button type="submit" variant="secondary" disabled={loading}>
            {t('applyFilters')}
          </Button>
        </div>
      </div>
    </form>
  );
}
