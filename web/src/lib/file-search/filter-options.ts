import type { FileSortField } from '@vault/contract';
import { MIB } from '../format';

// The choices the file filter panel offers; each label is a key of the files texts.

/** The file-type filter's options. */
export const FILE_TYPE_OPTIONS = [
  { value: 'image/jpeg', labelKey: 'filter.jpeg-image' },
  { value: 'image/png', labelKey: 'filter.png-image' },
  { value: 'image/gif', labelKey: 'filter.gif-image' },
  { value: 'image/webp', labelKey: 'filter.webp-image' },
  { value: 'application/pdf', labelKey: 'filter.pdf-document' },
  { value: 'text/plain', labelKey: 'filter.plain-text' },
  { value: 'text/markdown', labelKey: 'filter.markdown' },
  { value: 'application/msword', labelKey: 'filter.word-doc' },
  { value: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', labelKey: 'filter.word-docx' },
  { value: 'application/vnd.ms-excel', labelKey: 'filter.excel-xls' },
  { value: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', labelKey: 'filter.excel-xlsx' },
  { value: 'application/zip', labelKey: 'filter.zip-archive' },
  { value: 'application/x-rar-compressed', labelKey: 'filter.rar-archive' },
  { value: 'video/mp4', labelKey: 'filter.mp4-video' },
  { value: 'audio/mpeg', labelKey: 'filter.mpeg-audio' },
  { value: 'application/json', labelKey: 'filter.json' },
  { value: 'text/csv', labelKey: 'filter.csv' },
] as const;

/** The texts key of an option's label. */
export type FilterOptionKey =
  | (typeof FILE_TYPE_OPTIONS)[number]['labelKey']
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
] as const satisfies readonly { value: FileSortField; labelKey: string }[];

export const SORT_ORDER_OPTIONS = [
  { value: 'desc', labelKey: 'filter.descending' },
  { value: 'asc', labelKey: 'filter.ascending' },
] as const;
