import { describe, expect, it } from 'vitest';
import type { UserStats } from '@vault/contract';
import { userStats as stored } from '../../test/files';
import { quotaUsage } from './storage-figures';

const MB = 1_048_576;
const userStats = (overrides: Partial<UserStats>): UserStats => ({ ...stored, ...overrides });

describe('quotaUsage', () => {
  it('measures used bytes against the quota in bytes', () => {
    expect(quotaUsage(userStats({ used_storage_bytes: 25 * MB, storage_quota_bytes: 100 * MB }))).toEqual({
      used: 25 * MB,
      quota: 100 * MB,
      percent: 25,
      tone: 'accent',
    });
  });

  it('warns from 80 % and alarms from 95 %', () => {
    const tone = (used: number) => quotaUsage(userStats({ used_storage_bytes: used * MB, storage_quota_bytes: 100 * MB })).tone;
    expect([79, 80, 94, 95, 120].map(tone)).toEqual(['accent', 'warning', 'warning', 'danger', 'danger']);
  });

  it('falls back to the quota in MB, then to 10 MB, and to nothing used before the stats arrive', () => {
    expect(quotaUsage(userStats({ storage_quota_bytes: 0, storage_quota_mb: 50 })).quota).toBe(50 * MB);
    expect(quotaUsage(undefined)).toEqual({ used: 0, quota: 10 * MB, percent: 0, tone: 'accent' });
  });
});
