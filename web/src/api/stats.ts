import { useQuery } from '@tanstack/react-query';
import { SESSION, storageStatsSchema, userStatsSchema } from '@vault/contract';
import { apiRequest } from './client';
import { queryKeys } from './keys';

function fetchUserStats() {
  return apiRequest('/api/auth/stats', userStatsSchema);
}

function fetchStorageStats() {
  return apiRequest('/api/files/storage/stats', storageStatsSchema);
}

/** User stats are refetched every 30 s. */
export function useUserStats() {
  return useQuery({ queryKey: queryKeys.userStats, queryFn: fetchUserStats, refetchInterval: SESSION.statsRefetchMs });
}

/** Storage stats are refetched every 30 s, with 3 retries 1 s apart. */
export function useStorageStats() {
  return useQuery({
    queryKey: queryKeys.storageStats,
    queryFn: fetchStorageStats,
    refetchInterval: SESSION.statsRefetchMs,
    retry: 3,
    retryDelay: 1000,
  });
}
