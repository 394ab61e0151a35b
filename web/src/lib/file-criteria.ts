import { fileSearchSchema, LIMITS, type FileSearchCriteria, type FileSortField } from '@vault/contract';

export const DEFAULT_SORT_BY: FileSortField = 'created_at';
export const DEFAULT_SORT_ORDER = 'desc' as const;

/** SPEC §9's file-type filter options (plus the WebP and Markdown types the upload accepts). */
export const FILE_TYPE_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'image/jpeg', label: 'JPEG image' },
  { value: 'image/png', label: 'PNG image' },
  { value: 'image/gif', label: 'GIF image' },
  { value: 'image/webp', label: 'WebP image' },
  { value: 'application/pdf', label: 'PDF document' },
  { value: 'text/plain', label: 'Plain text' },
  { value: 'text/markdown', label: 'Markdown' },
  { value: 'application/msword', label: 'Word (doc)' },
  { value: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word (docx)' },
  { value: 'application/vnd.ms-excel', label: 'Excel (xls)' },
  { value: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel (xlsx)' },
  { value: 'application/zip', label: 'ZIP archive' },
  { value: 'application/x-rar-compressed', label: 'RAR archive' },
  { value: 'video/mp4', label: 'MP4 video' },
  { value: 'audio/mpeg', label: 'MPEG audio' },
  { value: 'application/json', label: 'JSON' },
  { value: 'text/csv', label: 'CSV' },
];

const MB = 1_048_576;

/** SPEC §9's size presets, in bytes. */
export const SIZE_PRESETS = [
  { value: 'under-1mb', label: 'Under 1 MB', min: 0, max: MB },
  { value: '1-10mb', label: '1 MB – 10 MB', min: MB, max: 10 * MB },
  { value: '10-100mb', label: '10 MB – 100 MB', min: 10 * MB, max: 100 * MB },
  { value: 'over-100mb', label: 'Over 100 MB', min: 100 * MB, max: 999_999_999_999 },
] as const;

export const SORT_OPTIONS: readonly { value: FileSortField; label: string }[] = [
  { value: 'created_at', label: 'Upload Date' },
  { value: 'file_size', label: 'File Size' },
  { value: 'download_count', label: 'Downloads' },
  { value: 'original_name', label: 'Name' },
];

export const SORT_ORDER_OPTIONS = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
] as const;

export const MB_BYTES = MB;

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
