import { describe, expect, it } from 'vitest';
import type { UserStats } from '@vault/contract';
import { MIB } from '../../lib/bytes';
import { userStats as stored } from '../../test/files';
import { quotaUsage } from './storage-figures';

const userStats = (overrides: Partial<UserStats>): UserStats => ({ ...stored, ...overrides });

describe('quotaUsage', () => {
  it('measures used bytes against the quota in bytes', () => {
    expect(quotaUsage(userStats({ used_storage_bytes: 25 * MIB, storage_quota_bytes: 100 * MIB }))).toEqual({
      used: 25 * MIB,
      quota: 100 * MIB,
      percent: 25,
      tone: 'accent',
    });
  });

  it('warns from 80 % and alarms from 95 %', () => {
    const tone = (used: number) => quotaUsage(userStats({ used_storage_bytes: used * MIB, storage_quota_bytes: 100 * MIB })).tone;
    expect([79, 80, 94, 95, 120].map(tone)).toEqual(['accent', 'warning', 'warning', 'danger', 'danger']);
  });

  it('falls back to the quota in MB, then to 10 MB, and to nothing used before the stats arrive', () => {
    expect(quotaUsage(userStats({ storage_quota_bytes: 0, storage_quota_mb: 50 })).quota).toBe(50 * MIB);
    expect(quotaUsage(undefined)).toEqual({ used: 0, quota: 10 * MIB, percent: 0, tone: 'accent' });
  });
});
