import type { FileSearchCriteria, FileSortField } from '@vault/contract';
import { parseTagList } from '../upload-rules';
import { DEFAULT_SORT_BY, DEFAULT_SORT_ORDER } from './criteria';
import { MIB } from '../bytes';
import { SIZE_PRESETS } from './filter-options';
import { i18n } from '../../i18n';

/**
 * The filter panel's form: its state as typed, filled from criteria, and the
 * criteria it asks for once checked.
 */
export interface FilterDraft {
  search: string;
  mime_type: string;
  /** A SIZE_PRESETS value, '' for any size, 'custom' for a range that is no preset. */
  size: string;
  /** The advanced variant's whole MB bounds. */
  min_mb: string;
  max_mb: string;
  uploader: string;
  start_date: string;
  end_date: string;
  /** Comma-separated tags (standard variant). */
  tags_text: string;
  /** Tag chips (advanced variant). */
  tags: string[];
  folder_id: string;
  sort_by: FileSortField;
  sort_order: 'asc' | 'desc';
}

export type FilterVariant = 'standard' | 'advanced';

export type FilterErrors = Partial<Record<'size' | 'min_mb' | 'max_mb' | 'tags' | 'end_date', string>>;

export const EMPTY_DRAFT: FilterDraft = {
  search: '',
  mime_type: '',
  size: '',
  min_mb: '',
  max_mb: '',
  uploader: '',
  start_date: '',
  end_date: '',
  tags_text: '',
  tags: [],
  folder_id: '',
  sort_by: DEFAULT_SORT_BY,
  sort_order: DEFAULT_SORT_ORDER,
};

const mbText = (bytes: number | undefined) => (bytes !== undefined && bytes % MIB === 0 ? String(bytes / MIB) : '');

export function draftFromCriteria(c: FileSearchCriteria): FilterDraft {
  const hasRange = c.min_size !== undefined || c.max_size !== undefined;
  const preset = SIZE_PRESETS.find((p) => p.min === c.min_size && p.max === c.max_size);
  return {
    ...EMPTY_DRAFT,
    search: c.search ?? '',
    mime_type: c.mime_type ?? '',
    size: preset?.value ?? (hasRange ? 'custom' : ''),
    min_mb: mbText(c.min_size),
    max_mb: mbText(c.max_size),
    uploader: c.uploader ?? '',
    start_date: c.start_date ?? '',
    end_date: c.end_date ?? '',
    tags_text: (c.tags ?? []).join(', '),
    tags: [...(c.tags ?? [])],
    folder_id: c.folder_id === undefined ? '' : String(c.folder_id),
    sort_by: c.sort_by ?? DEFAULT_SORT_BY,
    sort_order: c.sort_order ?? DEFAULT_SORT_ORDER,
  };
}

/** Whole MB, 0 or more. */
function wholeMb(text: string): number | null | undefined {
  if (text.trim() === '') return undefined;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) * MIB : null;
}

/**
 * The criteria a draft asks for (page left out: a new search starts at page 1),
 * or what is wrong with it. `previous` supplies a custom size range kept as is.
 */
export function criteriaFromDraft(
  draft: FilterDraft,
  variant: FilterVariant,
  previous: FileSearchCriteria = {},
): { criteria: FileSearchCriteria; errors: null } | { criteria: null; errors: FilterErrors } {
  const errors: FilterErrors = {};
  let min_size: number | undefined;
  let max_size: number | undefined;
  if (variant === 'advanced') {
    const min = wholeMb(draft.min_mb);
    const max = wholeMb(draft.max_mb);
    if (min === null) errors.min_mb = i18n.t('files:form.wholeMb');
    if (max === null) errors.max_mb = i18n.t('files:form.wholeMb');
    if (typeof min === 'number' && typeof max === 'number' && min > max) errors.max_mb = i18n.t('files:form.belowMin');
    min_size = min ?? undefined;
    max_size = max ?? undefined;
  } else if (draft.size === 'custom') {
    ({ min_size, max_size } = previous);
  } else {
    const preset = SIZE_PRESETS.find((p) => p.value === draft.size);
    min_size = preset?.min;
    max_size = preset?.max;
  }

  let tags = draft.tags;
  if (variant === 'standard') {
    const parsed = parseTagList(draft.tags_text);
    if (parsed.error !== null) errors.tags = parsed.error;
    else tags = parsed.tags;
  }
  if (draft.start_date && draft.end_date && draft.end_date < draft.start_date) errors.end_date = i18n.t('files:form.endBeforeStart');
  if (Object.keys(errors).length > 0) return { criteria: null, errors };

  const folderId = Number(draft.folder_id);
  return {
    criteria: {
      search: draft.search.trim() || undefined,
      mime_type: draft.mime_type || undefined,
      min_size,
      max_size,
      uploader: draft.uploader.trim() || undefined,
      start_date: draft.start_date || undefined,
      end_date: draft.end_date || undefined,
      tags: tags.length > 0 ? tags : undefined,
      folder_id: draft.folder_id && Number.isSafeInteger(folderId) ? folderId : undefined,
      sort_by: draft.sort_by,
      sort_order: draft.sort_order,
    },
    errors: null,
  };
}
