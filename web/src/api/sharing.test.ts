import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { unknownUsernames } from './sharing';

describe('unknownUsernames', () => {
  it("reads the server's list, lowercased, whatever its sentence says", () => {
    const error = new ApiError(400, 'Some of these people have no account', true, { unknown_users: ['Zed', 'yan'] });
    expect(unknownUsernames(error)).toEqual(['zed', 'yan']);
  });

  it('finds none in other failures, even when the sentence names users', () => {
    expect(unknownUsernames(new ApiError(400, 'Unknown users: zed, yan', true))).toEqual([]);
    expect(unknownUsernames(new Error('Unknown user: zed'))).toEqual([]);
    expect(unknownUsernames(null)).toEqual([]);
  });
});
