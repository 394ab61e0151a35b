import type { FileSortField, KnownExtension } from '@vault/contract';
import { MIB } from '../bytes';

// The choices the file filter panel offers; each label is a key of the files texts.

/** The texts key of an option's label. */
export type FilterOptionKey =
  | `filter.type-${KnownExtension}`
  | (typeof SIZE_PRESETS)[number]['labelKey']
  | (typeof SORT_OPTIONS)[number]['labelKey']
  | (typeof SORT_ORDER_OPTIONS)[number]['labelKey'];

/** The size filter's presets, in bytes. */
export const SIZE_PRESETS = [
  { value: 'under-1mb', labelKey: 'filter.under-1-mb', min: 0, max: MIB },
  { value: '1-10mb', labelKey: 'filter.1-mb-10-mb', min: MIB, max: 10 * MIB },
  { value: '10-100mb', labelKey: 'filter.10-mb-100-mb', min: 10 * MIB, max: 100 * MIB },
  { value: 'over-100mb', labelKey: 'filter.over-100-mb', min: 100 * MIB, max: 999_999_999_999 },
] as const;

export const SORT_OPTIONS = [
  { value: 'created_at', labelKey: 'filter.upload-date' },
  { value: 'file_size', labelKey: 'filter.file-size' },
  { value: 'download_count', labelKey: 'filter.downloads' },
  { value: 'original_name', labelKey: 'filter.name' },
  { value: 'username', labelKey: 'filter.owner' },
  { value: 'folder_name', labelKey: 'filter.folder' },
] as const satisfies readonly { value: FileSortField; labelKey: string }[];

export const SORT_ORDER_OPTIONS = [
  { value: 'desc', labelKey: 'filter.descending' },
  { value: 'asc', labelKey: 'filter.ascending' },
] as const;
