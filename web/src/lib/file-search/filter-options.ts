import type { FileSortField } from '@vault/contract';
import { MIB } from '../format';

// The choices the file filter panel offers.

/** SPEC §9's size presets, in bytes. */
export const SIZE_PRESETS = [
  { value: 'under-1mb', label: 'Under 1 MB', min: 0, max: MIB },
  { value: '1-10mb', label: '1 MB – 10 MB', min: MIB, max: 10 * MIB },
  { value: '10-100mb', label: '10 MB – 100 MB', min: 10 * MIB, max: 100 * MIB },
  { value: 'over-100mb', label: 'Over 100 MB', min: 100 * MIB, max: 999_999_999_999 },
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
