import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { isNotFound, retryUnlessNotFound } from './not-found';

describe('not found', () => {
  it('is a 404 from the API, nothing else', () => {
    expect(isNotFound(new ApiError(404, 'File not found', true))).toBe(true);
    expect(isNotFound(new ApiError(500, 'Request failed (500)', false))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
  });

  it('retries other failures once and a 404 never', () => {
    const failure = new ApiError(503, 'Unavailable', true);
    expect([0, 1, 2].map((count) => retryUnlessNotFound(count, failure))).toEqual([true, false, false]);
    expect(retryUnlessNotFound(0, new ApiError(404, 'Folder not found', true))).toBe(false);
  });
});
