import { describe, expect, it } from 'vitest';
import { criteriaFromDraft, draftFromCriteria, EMPTY_DRAFT, type FilterDraft } from './filter-form';
import { MIB } from '../bytes';

const draft = (changes: Partial<FilterDraft>): FilterDraft => ({ ...EMPTY_DRAFT, ...changes });

describe('the filter form', () => {
  it('fills in from criteria: a preset size by name, tags both as text and as chips', () => {
    expect(draftFromCriteria({ search: 'plan', min_size: MIB, max_size: 10 * MIB, tags: ['a', 'b'], folder_id: 4, sort_order: 'asc' })).toEqual(
      draft({ search: 'plan', size: '1-10mb', min_mb: '1', max_mb: '10', tags_text: 'a, b', tags: ['a', 'b'], folder_id: '4', sort_order: 'asc' }),
    );
  });

  it('calls a range that is no preset custom, and leaves MB boxes empty for sizes in no whole MB', () => {
    expect(draftFromCriteria({ min_size: 1500 })).toMatchObject({ size: 'custom', min_mb: '', max_mb: '' });
  });

  it('asks for trimmed text, the preset bounds and parsed tags, without empty values', () => {
    const result = criteriaFromDraft(draft({ search: '  q3 ', size: 'under-1mb', uploader: ' bob ', tags_text: 'x, y,, X', folder_id: '9' }), 'standard');
    expect(result).toEqual({
      criteria: {
        search: 'q3',
        mime_type: undefined,
        min_size: 0,
        max_size: MIB,
        uploader: 'bob',
        start_date: undefined,
        end_date: undefined,
        tags: ['x', 'y'],
        folder_id: 9,
        sort_by: 'created_at',
        sort_order: 'desc',
      },
      errors: null,
    });
  });

  it('keeps a custom range as it was', () => {
    const result = criteriaFromDraft(draft({ size: 'custom' }), 'standard', { min_size: 1500, max_size: 9000 });
    expect(result.criteria).toMatchObject({ min_size: 1500, max_size: 9000 });
  });

  it('reads whole MB and tag chips in the advanced variant', () => {
    const result = criteriaFromDraft(draft({ min_mb: '2', max_mb: '5', tags: ['chip'], tags_text: 'ignored' }), 'advanced');
    expect(result.criteria).toMatchObject({ min_size: 2 * MIB, max_size: 5 * MIB, tags: ['chip'] });
  });

  it('says what is wrong instead of searching', () => {
    expect(criteriaFromDraft(draft({ min_mb: '1.5', max_mb: 'x' }), 'advanced')).toEqual({
      criteria: null,
      errors: { min_mb: 'Enter a whole number of MB', max_mb: 'Enter a whole number of MB' },
    });
    expect(criteriaFromDraft(draft({ min_mb: '5', max_mb: '2' }), 'advanced').errors).toEqual({ max_mb: 'Must not be below the minimum' });
    expect(criteriaFromDraft(draft({ start_date: '2024-05-01', end_date: '2024-04-01' }), 'standard').errors).toEqual({
      end_date: 'The end date is before the start date',
    });
    expect(criteriaFromDraft(draft({ tags_text: 'a'.repeat(51) }), 'standard').errors).toEqual({ tags: 'Tags must be at most 50 characters' });
  });
});
