import { fileSearchSchema, LIMITS, type FileSearchCriteria, type FileSortField } from '@vault/contract';

// File search criteria in one canonical form: read from a URL query, compacted
// (defaults and empty values left out) and compared.

/** A search without a sort lists the newest first. */
export const DEFAULT_SORT_BY: FileSortField = 'created_at';
export const DEFAULT_SORT_ORDER = 'desc' as const;

type CriteriaKey = keyof FileSearchCriteria;
const KEYS = Object.keys(fileSearchSchema.shape) as CriteriaKey[];

/**
 * The criteria in a URL query (the same encoding as the API's). Values the
 * contract refuses are dropped, so a mangled link still opens a usable list.
 */
export function criteriaFromParams(params: URLSearchParams): FileSearchCriteria {
  const criteria: Record<string, unknown> = {};
  for (const key of KEYS) {
    const raw = key === 'tags' ? params.getAll(key) : params.get(key);
    if (raw === null || (Array.isArray(raw) && raw.length === 0)) continue;
    const parsed = fileSearchSchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) criteria[key] = parsed.data;
  }
  return compactCriteria(criteria as FileSearchCriteria);
}

/**
 * One canonical form for equal searches (stable query keys, clean URLs):
 * empty values and the defaults (page 1, newest first, page size) are left out.
 */
export function compactCriteria(criteria: FileSearchCriteria): FileSearchCriteria {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'limit' && value === LIMITS.pageSize) continue;
    if (key === 'sort_by' && value === DEFAULT_SORT_BY) continue;
    if (key === 'sort_order' && value === DEFAULT_SORT_ORDER) continue;
    out[key] = value;
  }
  return out as FileSearchCriteria;
}

/** Whether two searches ask for the same thing (defaults and empty values aside). */
export function sameCriteria(a: FileSearchCriteria, b: FileSearchCriteria): boolean {
  return JSON.stringify(compactCriteria(a)) === JSON.stringify(compactCriteria(b));
}

/** How many filters (beyond the search text and sort) a search applies, for the Filters toggle. */
export function activeFilterCount(c: FileSearchCriteria): number {
  return [
    c.mime_type,
    c.min_size ?? c.max_size,
    c.uploader,
    c.start_date,
    c.end_date,
    c.tags?.length ? c.tags : undefined,
    c.folder_id,
  ].filter((v) => v !== undefined).length;
}

/** Whether a search narrows the list (text or a filter; the sort and page do not): no hits then means no match, not no files. */
export function narrowsList(c: FileSearchCriteria): boolean {
  return Boolean(c.search) || activeFilterCount(c) > 0;
}
