import { useCallback, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  downloadLinkResponseSchema,
  fileListResponseSchema,
  fileResponseSchema,
  type FileItem,
  type FileListResponse,
  type FileSearchCriteria,
  type PublicFileSearchCriteria,
} from '@vault/contract';
import { openInNewTab, startBrowserDownload } from '../lib/download';
import {
  apiBlob,
  apiRequest,
  apiSend,
  errorMessage,
  failedResponse,
  unreachable,
} from './client';
import { invalidate } from './invalidation';
import { queryKeys } from './keys';
import { undoOptions, useTrashDays } from './trash';
import { retryUnlessNotFound } from './not-found';
import { toQueryString } from '../lib/query-string';
import { i18n } from '../i18n';

/** GET /api/files: the caller's files and those shared with them (all files for admins), or one folder's. */
function fetchFiles(criteria: FileSearchCriteria, signal?: AbortSignal): Promise<FileListResponse> {
  return apiRequest(`/api/files${toQueryString(criteria)}`, fileListResponseSchema, { signal });
}

/** GET /api/files/public: public files, for anyone. */
function fetchPublicFiles(criteria: PublicFileSearchCriteria, signal?: AbortSignal): Promise<FileListResponse> {
  return apiRequest(`/api/files/public${toQueryString(criteria)}`, fileListResponseSchema, { signal });
}

/** GET /api/files/{id}: a file the caller may read. */
async function fetchFile(id: number): Promise<FileItem> {
  return (await apiRequest(`/api/files/${id}`, fileResponseSchema)).file;
}

/** GET /api/files/public/{id}: a public file, for anyone (no token sent). */
async function fetchPublicFile(id: number): Promise<FileItem> {
  return (await apiRequest(`/api/files/public/${id}`, fileResponseSchema, { token: null })).file;
}

function deleteFile(id: number): Promise<void> {
  return apiSend(`/api/files/${id}`, { method: 'DELETE' });
}

/**
 * A signed URL the browser can fetch without the bearer header: a download's,
 * valid for 60 seconds, or with `inline` a preview's, valid for an hour, that
 * serves the file in place only.
 */
async function createDownloadLink(id: number, inline = false): Promise<string> {
  const { url } = await apiRequest(`/api/files/${id}/download-link${inline ? '?inline=1' : ''}`, downloadLinkResponseSchema, { method: 'POST' });
  return url;
}

/** Where anyone can download a public file, without a token. */
function publicDownloadUrl(id: number): string {
  return `/api/files/public/${id}/download`;
}

/** Where anyone can read a public file in place (?inline=1: a preview, never counted). */
const publicPreviewUrl = (id: number) => `${publicDownloadUrl(id)}?inline=1`;

/** Whose routes a file is read through: the signed-in user's, or the anonymous public ones. */
export type FileAccess = 'account' | 'public';

/**
 * Downloads a file: through a 60-second signed link for the signed-in user
 * (a plain link carries no bearer header), or the public route for anyone.
 * Rejects with an ApiError when the server refuses.
 */
async function downloadFile(id: number, access: FileAccess): Promise<void> {
  if (access === 'account') {
    startBrowserDownload(await createDownloadLink(id));
    return;
  }
  const url = publicDownloadUrl(id);
  // HEAD is not counted as a download; it spares the user a saved error page.
  const check = await fetch(url, { method: 'HEAD' }).catch(() => null);
  if (!check) throw unreachable();
  if (!check.ok) throw failedResponse(check.status, null, null);
  startBrowserDownload(url);
}

/**
 * Opens a file's download in a new tab. A tab sends no Authorization header,
 * so the URL carries a short-lived signed token instead. Browsers close a tab
 * whose first navigation is a download; should the tab be blocked (the click
 * no longer counts as a user gesture once the link has arrived), the file is
 * downloaded from this page instead, which an attachment does not navigate away.
 */
export async function openDownloadInNewTab(id: number): Promise<void> {
  const url = await createDownloadLink(id);
  if (!openInNewTab(url)) startBrowserDownload(url);
}

/** The Range header that reads a file's first `bytes` bytes; none reads it whole. */
export function headRange(bytes: number | null): Record<string, string> | undefined {
  return bytes === null ? undefined : { Range: `bytes=0-${bytes - 1}` };
}

/**
 * Where the browser itself can read a file in place (?inline=1, never counted),
 * as a frame does, which sends no bearer header: the public route, or the
 * signed-in user's preview link.
 */
export function previewAddress(id: number, access: FileAccess): Promise<string> {
  return access === 'public' ? Promise.resolve(publicPreviewUrl(id)) : createDownloadLink(id, true);
}

/**
 * A file to preview (?inline=1: served in place and not counted as a download),
 * whole, or its first `bytes` bytes.
 */
export function fetchPreview(id: number, access: FileAccess, bytes: number | null, signal?: AbortSignal): Promise<Blob> {
  const headers = headRange(bytes);
  return access === 'public'
    ? apiBlob(publicPreviewUrl(id), { token: null, signal, headers })
    : apiBlob(`/api/files/${id}/download?inline=1`, { signal, headers });
}

/** One page of GET /api/files; the previous page stays on screen while the next loads. */
export function useFileList(criteria: FileSearchCriteria) {
  return useQuery({
    queryKey: queryKeys.fileList(criteria),
    queryFn: ({ signal }) => fetchFiles(criteria, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePublicFileList(criteria: PublicFileSearchCriteria) {
  return useQuery({
    queryKey: queryKeys.publicFiles(criteria),
    queryFn: ({ signal }) => fetchPublicFiles(criteria, signal),
    placeholderData: keepPreviousData,
  });
}

/** One file through the caller's routes, or the public ones for anonymous visitors; null ids load nothing. */
export function useFileDetail(id: number | null, access: FileAccess) {
  const fileId = id ?? 0;
  return useQuery({
    queryKey: access === 'account' ? queryKeys.file(fileId) : queryKeys.publicFile(fileId),
    queryFn: () => (access === 'account' ? fetchFile(fileId) : fetchPublicFile(fileId)),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
}

/** How long after a download starts its count is read again (the browser makes the request on its own). */
const COUNT_REFRESH_DELAY_MS = 1000;

/**
 * Downloads with their success and failure toasts. `pendingId` is the file whose link is
 * being prepared, for a busy button.
 */
export function useFileDownload(access: FileAccess) {
  const queryClient = useQueryClient();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const download = useCallback(
    async (file: Pick<FileItem, 'id'>) => {
      setPendingId(file.id);
      try {
        await downloadFile(file.id, access);
        toast.success(i18n.t('files:toast.downloaded'));
        window.setTimeout(() => void invalidate(queryClient, 'downloadStarted'), COUNT_REFRESH_DELAY_MS);
      } catch (error) {
        toast.error(errorMessage(error, i18n.t('files:toast.downloadFailed')));
      } finally {
        setPendingId(null);
      }
    },
    [access, queryClient],
  );
  return { download, pendingId };
}

/**
 * DELETE /api/files/{id} (owner), with its toasts: moved to Trash with Undo,
 * or deleted for good when Trash is off. `onDone` runs first (e.g. leaving the
 * file's page), then lists, Trash and stats refresh.
 */
export function useDeleteFile(onDone?: () => void) {
  const queryClient = useQueryClient();
  const trashDays = useTrashDays();
  return useMutation({
    mutationFn: (file: Pick<FileItem, 'id' | 'original_name'>) => deleteFile(file.id),
    onSuccess: (_, file) => {
      if (trashDays) {
        toast.success(i18n.t('files:toast.movedToTrash', { name: file.original_name }), undoOptions(queryClient, [{ kind: 'file', id: file.id, name: file.original_name }]));
      } else {
        toast.success(i18n.t('files:toast.deleted'));
      }
      onDone?.();
      return invalidate(queryClient, 'fileDeleted');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('files:toast.deleteFailed'))),
  });
}
