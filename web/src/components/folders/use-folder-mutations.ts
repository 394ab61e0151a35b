import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { FolderCreate, FolderUpdate } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { createFolder, deleteFolder, updateFolder } from '../../api/folders';
import { queryKeys } from '../../api/keys';

/** SPEC §8 texts for each folder action. */
const TEXTS = {
  create: { ok: 'Folder created successfully!', failed: 'Failed to create folder' },
  update: { ok: 'Folder updated successfully!', failed: 'Failed to update folder' },
  delete: { ok: 'Folder deleted successfully!', failed: 'Failed to delete folder' },
} as const;

/** A folder action with its toasts; `onDone` runs first (e.g. leaving a deleted folder's page), then lists refresh. */
function useFolderAction<V>(kind: keyof typeof TEXTS, mutationFn: (variables: V) => Promise<unknown>, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      toast.success(TEXTS[kind].ok);
      onDone?.();
      void queryClient.invalidateQueries({ queryKey: queryKeys.folders });
      if (kind !== 'create') {
        // A delete takes files with it; a move or visibility change alters who sees them.
        for (const queryKey of [queryKeys.files, queryKeys.storage, queryKeys.userStats]) void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (err) => toast.error(errorMessage(err, TEXTS[kind].failed)),
  });
}

export function useCreateFolder(onDone?: () => void) {
  return useFolderAction('create', (body: FolderCreate) => createFolder(body), onDone);
}

export function useUpdateFolder(onDone?: () => void) {
  return useFolderAction('update', ({ id, change }: { id: number; change: FolderUpdate }) => updateFolder(id, change), onDone);
}

export function useDeleteFolder(onDone?: () => void) {
  return useFolderAction('delete', (id: number) => deleteFolder(id), onDone);
}
