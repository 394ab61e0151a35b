import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { FileItem } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { invalidateFileData } from '../../api/queries';
import { deleteFile, type FileAccess } from '../../api/files';
import { queryKeys } from '../../api/keys';
import { copyText, shareLink } from '../../lib/clipboard';
import { downloadFile } from '../../lib/download';

/** How long after a download starts its count is read again (the browser makes the request on its own). */
const COUNT_REFRESH_DELAY_MS = 1000;

/**
 * Downloads with SPEC §8's toasts. `pendingId` is the file whose link is
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
        toast.success('File downloaded successfully!');
        window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.files }), COUNT_REFRESH_DELAY_MS);
      } catch (error) {
        toast.error(errorMessage(error, 'Download failed'));
      } finally {
        setPendingId(null);
      }
    },
    [access, queryClient],
  );
  return { download, pendingId };
}

/** Copies {origin}/files/{id} with SPEC §8's toasts; resolves true when copied. */
export async function copyFileLink(fileId: number): Promise<boolean> {
  try {
    await copyText(shareLink('files', fileId));
    toast.success('Public link copied to clipboard!');
    return true;
  } catch {
    toast.error('Failed to copy link');
    return false;
  }
}

/** DELETE /api/files/{id} (owner), with SPEC §8's toasts; lists and stats refresh after. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<FileItem, 'id'>) => deleteFile(file.id),
    onSuccess: () => {
      toast.success('File deleted successfully!');
      return invalidateFileData(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error, 'Delete failed')),
  });
}
