import { describe, expect, it } from 'vitest';
import { storageFigures } from './storage-figures.js';

describe('storageFigures', () => {
  it('counts what deduplication saves: logical bytes less physical ones', () => {
    expect(storageFigures(300, 100, 3, 1)).toEqual({
      total_storage_bytes: 100,
      original_storage_bytes: 300,
      savings_bytes: 200,
      savings_percentage: 66.67,
      deduplication_ratio: 0.6667,
      file_count: 3,
      unique_file_count: 1,
    });
  });

  it('reports nothing saved when every file is distinct', () => {
    expect(storageFigures(500, 500, 4, 4)).toMatchObject({ savings_bytes: 0, savings_percentage: 0, deduplication_ratio: 0 });
  });

  it('reports zeroes, not NaN, for an empty vault', () => {
    const figures = storageFigures(0, 0, 0, 0);
    expect(Object.keys(figures)).toHaveLength(7);
    for (const value of Object.values(figures)) expect(value).toBe(0);
  });
});
