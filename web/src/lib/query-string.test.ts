import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('skips empty values and repeats the key for arrays', () => {
    expect(
      toQueryString({ page: 2, search: 'q3 report', mime_type: '', uploader: undefined, folder_id: null, tags: ['a', 'b c'], limit: 20 }),
    ).toBe('?page=2&search=q3+report&tags=a&tags=b+c&limit=20');
  });

  it('is empty when nothing is set', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ search: '   ', tags: [] })).toBe('');
  });

  it('keeps zero and false, which are values', () => {
    expect(toQueryString({ min_size: 0, is_public: false })).toBe('?min_size=0&is_public=false');
  });
});
