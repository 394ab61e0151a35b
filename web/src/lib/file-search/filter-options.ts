import type { FileSortField } from '@vault/contract';
import { MIB } from '../format';

// The choices the file filter panel offers.

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
