import { folderListResponseSchema, type FolderListResponse, type FolderSearchCriteria } from '@vault/contract';
import { ApiError, apiRequest } from './client';
import { toQueryString } from './query-string';

const NO_FOLDERS: FolderListResponse = { folders: [], total: 0 };

/**
 * GET /api/folders. A server without the folders API yet (404) has no
 * folders: pickers then offer the root only instead of failing.
 */
export async function fetchFolders(criteria: FolderSearchCriteria = {}, signal?: AbortSignal): Promise<FolderListResponse> {
  try {
    return await apiRequest(`/api/folders${toQueryString(criteria)}`, folderListResponseSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return NO_FOLDERS;
    throw error;
  }
}
