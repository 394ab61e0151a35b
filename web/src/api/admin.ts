import {
  activityResponseSchema,
  adminFilesResponseSchema,
  adminStatsResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  topFilesResponseSchema,
  type AdminUserUpdate,
  type FileSortField,
} from '@vault/contract';
import { apiRequest, apiSend } from './client';

/** A query string from criteria; empty values are left out. */
function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function fetchAdminStats() {
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

export function fetchAdminFiles(criteria: AdminFilesQuery) {
  return apiRequest(`/api/admin/files${query({ ...criteria })}`, adminFilesResponseSchema);
}

export function deleteAdminFile(id: number) {
  return apiSend(`/api/admin/files/${id}`, { method: 'DELETE' });
}

export function fetchTopFiles(limit: number) {
  return apiRequest(`/api/admin/files/top${query({ limit })}`, topFilesResponseSchema);
}

export function fetchAdminUsers() {
  return apiRequest('/api/admin/users/stats', adminUsersResponseSchema);
}

export function updateAdminUser(id: number, body: AdminUserUpdate) {
  return apiRequest(`/api/admin/users/${id}`, adminUserResponseSchema, { method: 'PUT', body });
}

export function fetchActivity(page: { limit: number; before?: number | undefined }) {
  return apiRequest(`/api/admin/activity${query(page)}`, activityResponseSchema);
}
