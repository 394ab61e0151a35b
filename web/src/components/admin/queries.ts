import { useQuery } from '@tanstack/react-query';
import { SESSION } from '@vault/contract';
import { fetchAdminStats, fetchAdminUsers } from '../../api/admin';
import { queryKeys } from '../../api/keys';

/** SPEC §7: admin stats are refetched every 30 s. */
export function useAdminStats() {
  return useQuery({ queryKey: queryKeys.adminStats, queryFn: fetchAdminStats, refetchInterval: SESSION.statsRefetchMs });
}

/** Per-user rows: the Users tab, and the storage-by-user chart of the Overview. */
export function useAdminUsers() {
  return useQuery({ queryKey: queryKeys.adminUsers, queryFn: fetchAdminUsers });
}
