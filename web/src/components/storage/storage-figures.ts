import type { UserStats } from '@vault/contract';
import { LIMITS } from '@vault/contract';
import { MIB } from '../../lib/bytes';

/** Used bytes, quota bytes (10 MB when not provided) and the percent used. */
export function quotaUsage(stats: UserStats | undefined) {
  const used = stats?.used_storage_bytes ?? 0;
  const quota = stats?.storage_quota_bytes || (stats?.storage_quota_mb ?? LIMITS.defaultQuotaMbShown) * MIB;
  const percent = quota > 0 ? (used / quota) * 100 : 0;
  return { used, quota, percent, tone: percent >= 95 ? ('danger' as const) : percent >= 80 ? ('warning' as const) : ('accent' as const) };
}
