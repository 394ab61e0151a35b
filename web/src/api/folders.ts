import {
  folderListResponseSchema,
  folderResponseSchema,
  publicFolderResponseSchema,
  sharedWithMeResponseSchema,
  shareStateSchema,
  type FolderCreate,
  type FolderSearchCriteria,
  type FolderUpdate,
} from '@vault/contract';
import { apiRequest, apiSend } from './client';

/** Criteria as query parameters; empty values are left out (SPEC §7). */
function query(criteria: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(criteria)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function fetchFolders(criteria: FolderSearchCriteria = {}) {
  return apiRequest(`/api/folders${query(criteria)}`, folderListResponseSchema);
}

export async function fetchFolder(id: number) {
  return (await apiRequest(`/api/folders/${id}`, folderResponseSchema)).folder;
}

export async function createFolder(body: FolderCreate) {
  return (await apiRequest('/api/folders', folderResponseSchema, { method: 'POST', body })).folder;
}

export async function updateFolder(id: number, body: FolderUpdate) {
  return (await apiRequest(`/api/folders/${id}`, folderResponseSchema, { method: 'PUT', body })).folder;
}

export function deleteFolder(id: number) {
  return apiSend(`/api/folders/${id}`, { method: 'DELETE' });
}

export function fetchFolderShare(id: number) {
  return apiRequest(`/api/folders/${id}/share`, shareStateSchema);
}

/** A public folder for anyone: no token is sent, so a stale session cannot get in the way. */
export function fetchPublicFolder(id: number) {
  return apiRequest(`/api/folders/public/${id}`, publicFolderResponseSchema, { token: null });
}

export function fetchSharedWithMe() {
  return apiRequest('/api/shared-with-me', sharedWithMeResponseSchema);
}
