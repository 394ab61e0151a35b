import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  activityResponseSchema,
  adminFilesResponseSchema,
  adminStatsResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  LIMITS,
  SESSION,
  topFilesResponseSchema,
  type ActivityQuery,
  type ActivityType,
  type AdminUserUpdate,
  type FileItem,
  type FileSortField,
} from '@vault/contract';
import { apiRequest, apiSend, errorMessage } from './client';
import { invalidate } from './invalidation';
import { queryKeys } from './keys';
import { toQueryString } from '../lib/query-string';
import { i18n } from '../i18n';

function fetchAdminStats() {
  return apiRequest('/api/admin/stats', adminStatsResponseSchema);
}

/** What the All Files table asks for (GET /api/admin/files). */
export interface AdminFilesQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sort_by: FileSortField;
  sort_order: 'asc' | 'desc';
}

function fetchAdminFiles(criteria: AdminFilesQuery) {
  return apiRequest(`/api/admin/files${toQueryString(criteria)}`, adminFilesResponseSchema);
}

function deleteAdminFile(id: number) {
  return apiSend(`/api/admin/files/${id}`, { method: 'DELETE' });
}

function fetchTopFiles(limit: number) {
  return apiRequest(`/api/admin/files/top${toQueryString({ limit })}`, topFilesResponseSchema);
}

function fetchAdminUsers() {
  return apiRequest('/api/admin/users/stats', adminUsersResponseSchema);
}

function updateAdminUser(id: number, body: AdminUserUpdate) {
  return apiRequest(`/api/admin/users/${id}`, adminUserResponseSchema, { method: 'PUT', body });
}

function fetchActivity(page: ActivityQuery) {
  return apiRequest(`/api/admin/activity${toQueryString(page)}`, activityResponseSchema);
}

/** Admin stats are refetched every 30 s. */
export function useAdminStats() {
  return useQuery({ queryKey: queryKeys.adminStats, queryFn: fetchAdminStats, refetchInterval: SESSION.statsRefetchMs });
}

/** Per-user rows: the Users tab, and the storage-by-user chart of the Overview. */
export function useAdminUsers() {
  return useQuery({ queryKey: queryKeys.adminUsers, queryFn: fetchAdminUsers });
}

/** One page of every user's files; the previous page stays on screen while the next loads. */
export function useAdminFiles(criteria: AdminFilesQuery) {
  return useQuery({ queryKey: queryKeys.adminFiles(criteria), queryFn: () => fetchAdminFiles(criteria), placeholderData: keepPreviousData });
}

export function useTopFiles(limit: number) {
  return useQuery({ queryKey: queryKeys.adminTopFiles(limit), queryFn: () => fetchTopFiles(limit) });
}

const ACTIVITY_PAGE = LIMITS.activityLimit;

/** The transfers (uploads and downloads); the full audit log also has sign-ins, shares, deletes and user changes. */
export const TRANSFER_TYPES = ['upload', 'download'] as const satisfies readonly ActivityType[];

/** The audit log, newest first, a page at a time: every kind of event, or only `types`. */
export function useActivityLog(types?: readonly ActivityType[]) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.adminActivity, types ?? 'all'],
    queryFn: ({ pageParam }) => fetchActivity({ limit: ACTIVITY_PAGE, before: pageParam, type: types ? [...types] : undefined }),
    initialPageParam: undefined as number | undefined,
    // A full page may have more behind it; the oldest row's id is where the next starts.
    getNextPageParam: (last) => (last.activity.length === ACTIVITY_PAGE ? last.activity.at(-1)?.id : undefined),
  });
}

/** Deletes any user's file, with its toasts; `onDeleted` runs first, then every admin view and figure refreshes. */
export function useDeleteAdminFile(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: FileItem) => deleteAdminFile(file.id),
    onSuccess: async () => {
      toast.success(i18n.t('admin:filesTab.deleted'));
      onDeleted();
      await invalidate(queryClient, 'adminFileDeleted');
    },
    onError: (err) => {
      const reason = errorMessage(err, '');
      toast.error(i18n.t('admin:filesTab.deleteFailed'), reason ? { description: reason } : undefined);
    },
  });
}

/** Saves a user's quota and admin flag, with its toast; `onSaved` runs first (closing the editor). */
export function useUpdateAdminUser(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUserUpdate }) => updateAdminUser(id, body),
    onSuccess: async ({ user }) => {
      toast.success(`${user.username} updated successfully`);
      onSaved();
      await invalidate(queryClient, 'userUpdated');
    },
  });
}
