import {
  errorResponseSchema,
  downloadLinkResponseSchema,
  fileListResponseSchema,
  fileResponseSchema,
  shareStateSchema,
  storageStatsSchema,
  uploadResponseSchema,
  type FileItem,
  type FileListResponse,
  type FileSearchCriteria,
  type PublicFileSearchCriteria,
  type ShareRequest,
  type ShareState,
  type UploadResponse,
} from '@vault/contract';
import { ApiError, apiBlob, apiRequest, apiSend, postFormWithProgress, type ProgressOptions } from './client';
import { toQueryString } from './query-string';

/** GET /api/files: the caller's files and those shared with them (all files for admins), or one folder's. */
export function fetchFiles(criteria: FileSearchCriteria, signal?: AbortSignal): Promise<FileListResponse> {
  return apiRequest(`/api/files${toQueryString(criteria)}`, fileListResponseSchema, { signal });
}

/** GET /api/files/public: public files, for anyone. */
export function fetchPublicFiles(criteria: PublicFileSearchCriteria, signal?: AbortSignal): Promise<FileListResponse> {
  return apiRequest(`/api/files/public${toQueryString(criteria)}`, fileListResponseSchema, { signal });
}

/** GET /api/files/{id}: a file the caller may read. */
export async function fetchFile(id: number): Promise<FileItem> {
  return (await apiRequest(`/api/files/${id}`, fileResponseSchema)).file;
}

/** GET /api/files/public/{id}: a public file, for anyone (no token sent). */
export async function fetchPublicFile(id: number): Promise<FileItem> {
  return (await apiRequest(`/api/files/public/${id}`, fileResponseSchema, { token: null })).file;
}

export function deleteFile(id: number): Promise<void> {
  return apiSend(`/api/files/${id}`, { method: 'DELETE' });
}

export function fetchFileShare(id: number): Promise<ShareState> {
  return apiRequest(`/api/files/${id}/share`, shareStateSchema);
}

export function updateFileShare(id: number, body: ShareRequest): Promise<ShareState> {
  return apiRequest(`/api/files/${id}/share`, shareStateSchema, { method: 'PUT', body });
}

export function fetchStorageStats() {
  return apiRequest('/api/files/storage/stats', storageStatsSchema);
}

/** A 60-second signed URL the browser can fetch without the bearer header. */
export async function createDownloadLink(id: number): Promise<string> {
  const { url } = await apiRequest(`/api/files/${id}/download-link`, downloadLinkResponseSchema, { method: 'POST' });
  return url;
}

/** Where anyone can download a public file, without a token. */
export function publicDownloadUrl(id: number): string {
  return `/api/files/public/${id}/download`;
}

/** Whose routes a file is read through: the signed-in user's, or the anonymous public ones. */
export type FileAccess = 'account' | 'public';

/** An image or PDF to preview (?inline=1: served in place and not counted as a download). */
export function fetchPreview(id: number, access: FileAccess, signal?: AbortSignal): Promise<Blob> {
  return access === 'public'
    ? apiBlob(`${publicDownloadUrl(id)}?inline=1`, { token: null, signal })
    : apiBlob(`/api/files/${id}/download?inline=1`, { signal });
}

export interface UploadInput {
  files: readonly File[];
  isPublic: boolean;
  folderId: number | null;
  tags: readonly string[];
}

/** The server's answer to an upload: 201 all stored, 207 some refused, else none stored. */
export interface UploadOutcome {
  status: number;
  response: UploadResponse;
}

/**
 * POST /api/files/upload (multipart, SPEC §3) with upload progress. Fields go
 * first so the server checks them before storing any bytes. Resolves whenever
 * the server reports per-file results, even for an error status.
 */
export async function uploadFiles(input: UploadInput, options: ProgressOptions = {}): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('is_public', String(input.isPublic));
  form.append('folder_id', input.folderId === null ? '' : String(input.folderId));
  for (const tag of input.tags) form.append('tags', tag);
  for (const file of input.files) form.append('files', file, file.name);

  const { status, body } = await postFormWithProgress('/api/files/upload', form, options);
  const parsed = uploadResponseSchema.safeParse(body);
  if (parsed.success && parsed.data.results.length > 0) return { status, response: parsed.data };
  if (status >= 200 && status < 300) throw new ApiError(status, 'Unexpected response from the server', false);
  const error = errorResponseSchema.safeParse(body);
  throw new ApiError(status, error.success ? error.data.error : `Request failed (${status})`, error.success);
}
