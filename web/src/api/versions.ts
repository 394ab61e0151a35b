import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LIMITS, clashListSchema, downloadLinkResponseSchema, fileResponseSchema, fileVersionsResponseSchema, type Clash } from '@vault/contract';
import { i18n } from '../i18n';
import { startBrowserDownload } from '../lib/download';
import { apiRequest, apiSend, errorMessage } from './client';
import { invalidate } from './invalidation';
import { queryKeys } from './keys';

/** POST /api/files/clashes: which of these names a folder (null: the root) already holds, asked in slices the server takes. */
export async function findClashes(folderId: number | null, names: readonly string[], signal: AbortSignal): Promise<Clash[]> {
  const clashes: Clash[] = [];
  for (let i = 0; i < names.length; i += LIMITS.maxClashNames) {
    const body = { folder_id: folderId, names: names.slice(i, i + LIMITS.maxClashNames) };
    clashes.push(...(await apiRequest('/api/files/clashes', clashListSchema, { method: 'POST', body, signal })).clashes);
  }
  return clashes;
}

/** A file's current content and earlier versions (its owner's only). */
export function useFileVersions(fileId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.fileVersions(fileId),
    queryFn: () => apiRequest(`/api/files/${fileId}/versions`, fileVersionsResponseSchema),
    enabled,
  });
}

/** Downloads one version through a 60-second signed link (a plain link carries no bearer header); `pendingId` for a busy button. */
export function useVersionDownload(fileId: number) {
  const [pendingId, setPendingId] = useState<number | null>(null);
  const download = useCallback(
    async (versionId: number) => {
      setPendingId(versionId);
      try {
        const { url } = await apiRequest(`/api/files/${fileId}/versions/${versionId}/download-link`, downloadLinkResponseSchema, { method: 'POST' });
        startBrowserDownload(url);
      } catch (error) {
        toast.error(errorMessage(error, i18n.t('files:toast.downloadFailed')));
      } finally {
        setPendingId(null);
      }
    },
    [fileId],
  );
  return { download, pendingId };
}

/** Makes a copy of a version the current content; the file, its versions and the figures refresh. */
export function useRestoreVersion(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (versionId: number) => (await apiRequest(`/api/files/${fileId}/versions/${versionId}/restore`, fileResponseSchema, { method: 'POST' })).file,
    onSuccess: () => {
      toast.success(i18n.t('versions:toast.restored'));
      return invalidate(queryClient, 'fileContentChanged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('versions:toast.restoreFailed'))),
  });
}

export function useDeleteVersion(fileId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: number) => apiSend(`/api/files/${fileId}/versions/${versionId}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success(i18n.t('versions:toast.deleted'));
      return invalidate(queryClient, 'fileContentChanged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('versions:toast.deleteFailed'))),
  });
}
