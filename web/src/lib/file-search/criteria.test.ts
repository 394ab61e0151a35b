import { describe, expect, it } from 'vitest';
import { activeFilterCount, compactCriteria, criteriaFromParams, sameCriteria } from './criteria';

describe('criteria in the URL', () => {
  it('reads every criterion, with repeated tags', () => {
    const params = new URLSearchParams(
      'page=3&search=plan&mime_type=application%2Fpdf&min_size=0&max_size=1048576&start_date=2024-01-01&end_date=2024-12-31&tags=a&tags=b&uploader=bob&folder_id=4&sort_by=file_size&sort_order=asc',
    );
    expect(criteriaFromParams(params)).toEqual({
      page: 3,
      search: 'plan',
      mime_type: 'application/pdf',
      min_size: 0,
      max_size: 1_048_576,
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      tags: ['a', 'b'],
      uploader: 'bob',
      folder_id: 4,
      sort_by: 'file_size',
      sort_order: 'asc',
    });
  });

  it('drops values the contract refuses and the defaults', () => {
    const params = new URLSearchParams('page=0&folder_id=x&sort_by=evil&min_size=-1&start_date=never&sort_order=desc&search=ok');
    expect(criteriaFromParams(params)).toEqual({ search: 'ok' });
  });

  it('compacts defaults and empty values', () => {
    expect(compactCriteria({ page: 1, limit: 20, sort_by: 'created_at', sort_order: 'desc', tags: [], search: '' })).toEqual({});
    expect(sameCriteria({ page: 1, search: 'x' }, { search: 'x', tags: [] })).toBe(true);
    expect(sameCriteria({ page: 2 }, {})).toBe(false);
  });

  it('counts the filters beyond text and sort, a size range as one', () => {
    expect(activeFilterCount({ search: 'x', sort_by: 'file_size', page: 3 })).toBe(0);
    expect(activeFilterCount({ mime_type: 'image/png', min_size: 0, max_size: 10, uploader: 'bob', tags: ['a', 'b'], folder_id: 4 })).toBe(5);
    expect(activeFilterCount({ max_size: 10, start_date: '2024-01-01', end_date: '2024-02-01', tags: [] })).toBe(3);
  });
});
