import {
  folderListResponseSchema,
  folderResponseSchema,
  publicFolderResponseSchema,
  sharedWithMeResponseSchema,
  shareStateSchema,
  type FolderCreate,
  type FolderListResponse,
  type FolderSearchCriteria,
  type FolderUpdate,
} from '@vault/contract';
import { apiRequest, apiSend } from './client';
import { toQueryString } from './query-string';

export function fetchFolders(criteria: FolderSearchCriteria = {}, signal?: AbortSignal): Promise<FolderListResponse> {
  return apiRequest(`/api/folders${toQueryString(criteria)}`, folderListResponseSchema, { signal });
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
