import { useSearchParams } from 'react-router';
import { FOLDER_SORT_FIELDS, type FolderSearchCriteria } from '@vault/contract';

export type FolderSortField = (typeof FOLDER_SORT_FIELDS)[number];
export type Visibility = 'all' | 'public' | 'private';

export interface FolderFilters {
  search: string;
  sort_by: FolderSortField;
  sort_order: 'asc' | 'desc';
  visibility: Visibility;
}

export const DEFAULT_FOLDER_FILTERS: FolderFilters = { search: '', sort_by: 'created_at', sort_order: 'desc', visibility: 'all' };

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The folder filters, kept in the address so that a reload or a shared link keeps them. */
export function useFolderFilters() {
  const [params, setParams] = useSearchParams();
  const filters: FolderFilters = {
    search: params.get('search') ?? '',
    sort_by: pick(params.get('sort_by'), FOLDER_SORT_FIELDS, DEFAULT_FOLDER_FILTERS.sort_by),
    sort_order: pick(params.get('sort_order'), ['asc', 'desc'] as const, DEFAULT_FOLDER_FILTERS.sort_order),
    visibility: pick(params.get('visibility'), ['all', 'public', 'private'] as const, DEFAULT_FOLDER_FILTERS.visibility),
  };
  const setFilters = (next: FolderFilters) => {
    const out = new URLSearchParams();
    for (const key of Object.keys(DEFAULT_FOLDER_FILTERS) as (keyof FolderFilters)[]) {
      if (next[key] !== DEFAULT_FOLDER_FILTERS[key]) out.set(key, next[key]);
    }
    setParams(out, { replace: true });
  };
  return { filters, setFilters };
}

export function isFiltered(filters: FolderFilters): boolean {
  return filters.search !== '' || filters.visibility !== 'all';
}

/** GET /api/folders criteria; empty values are left out when sent. */
export function toCriteria(filters: FolderFilters): FolderSearchCriteria {
  return {
    search: filters.search.trim() || undefined,
    sort_by: filters.sort_by,
    sort_order: filters.sort_order,
    is_public: filters.visibility === 'all' ? undefined : filters.visibility === 'public',
  };
}
