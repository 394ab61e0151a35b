import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast, type ExternalToast } from 'sonner';
import {
  trashEmptiedSchema,
  trashListSchema,
  trashResultsSchema,
  type TrashItemKind,
  type TrashList,
  type TrashResult,
  type TrashSelection,
} from '@vault/contract';
import { i18n } from '../i18n';
import { localizeSaid } from '../lib/server-messages';
import { useAppConfig } from './auth';
import { apiRequest, errorMessage } from './client';
import { invalidate } from './invalidation';
import { queryKeys } from './keys';

/** An item in (or on its way to) Trash, as the toasts name it. */
export interface TrashRef {
  kind: TrashItemKind;
  id: number;
  name: string;
}

/** GET /api/trash: the caller's trashed items, most recently deleted first. */
function fetchTrash(signal?: AbortSignal): Promise<TrashList> {
  return apiRequest('/api/trash', trashListSchema, { signal });
}

/** POST /api/trash/restore: each item back where it was (the top level when that folder is gone). */
async function restoreItems(selection: TrashSelection): Promise<TrashResult[]> {
  return (await apiRequest('/api/trash/restore', trashResultsSchema, { method: 'POST', body: selection })).results;
}

/** POST /api/trash/delete: the chosen items deleted for good. */
async function deleteForever(selection: TrashSelection): Promise<TrashResult[]> {
  return (await apiRequest('/api/trash/delete', trashResultsSchema, { method: 'POST', body: selection })).results;
}

/** DELETE /api/trash: everything in Trash deleted for good. */
function emptyTrash() {
  return apiRequest('/api/trash', trashEmptiedSchema, { method: 'DELETE' });
}

/** The request body naming these items. */
export function selectionOf(refs: readonly Pick<TrashRef, 'kind' | 'id'>[]): { file_ids: number[]; folder_ids: number[] } {
  return {
    file_ids: refs.filter((r) => r.kind === 'file').map((r) => r.id),
    folder_ids: refs.filter((r) => r.kind === 'folder').map((r) => r.id),
  };
}

/**
 * Days a deleted item stays in Trash (TRASH_DAYS); 0 when deleting is
 * permanent. Undefined until the server's settings have arrived.
 */
export function useTrashDays(): number | undefined {
  return useAppConfig().data?.trash_days;
}

/** The caller's Trash; not read while Trash is off. */
export function useTrash(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.trash, queryFn: ({ signal }) => fetchTrash(signal), enabled });
}

const TOASTS = {
  restore: { done: 'trash:toast.restored', failed: 'trash:toast.notRestored' },
  delete: { done: 'trash:toast.deletedForever', failed: 'trash:toast.notDeleted' },
} as const;

/**
 * The toasts of a restore or a delete for good: how many items it did and,
 * in a second toast, each item it could not with its reason.
 */
export function reportResults(action: keyof typeof TOASTS, results: readonly TrashResult[], refs: readonly TrashRef[]): void {
  const nameOf = (r: TrashResult) => refs.find((ref) => ref.kind === r.kind && ref.id === r.id)?.name ?? r.name ?? `#${r.id}`;
  const done = results.filter((r) => r.ok);
  const failed = results.filter((r) => !r.ok);
  if (done.length > 0) toast.success(i18n.t(TOASTS[action].done, { count: done.length }));
  if (failed.length > 0) {
    toast.error(i18n.t(TOASTS[action].failed, { count: failed.length }), {
      description: failed.map((r) => i18n.t('trash:toast.itemReason', { name: nameOf(r), reason: localizeSaid(r) })).join('\n'),
      classNames: { description: 'whitespace-pre-line' },
    });
  }
}

/** Restores items with the results' toasts, then refreshes where they landed, Trash and the figures. */
async function restoreAndReport(queryClient: QueryClient, refs: readonly TrashRef[]): Promise<void> {
  try {
    reportResults('restore', await restoreItems(selectionOf(refs)), refs);
  } catch (error) {
    toast.error(errorMessage(error, i18n.t('trash:toast.restoreFailed')));
  }
  await invalidate(queryClient, 'trashRestored');
}

/** An Undo toast stays longer than the usual 4 s, so there is time to reach its button. */
export const UNDO_TOAST_MS = 10_000;

/** A success toast's options offering Undo: the deleted items come back out of Trash. */
export function undoOptions(queryClient: QueryClient, refs: readonly TrashRef[]): ExternalToast {
  return {
    duration: UNDO_TOAST_MS,
    action: { label: i18n.t('trash:undo'), onClick: () => void restoreAndReport(queryClient, refs) },
  };
}

/** Restore from the Trash page, with the results' toasts. */
export function useRestoreItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refs: readonly TrashRef[]) => restoreItems(selectionOf(refs)),
    onSuccess: (results, refs) => {
      reportResults('restore', results, refs);
      return invalidate(queryClient, 'trashRestored');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('trash:toast.restoreFailed'))),
  });
}

/** Delete for good from the Trash page, with the results' toasts. */
export function useDeleteForever() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refs: readonly TrashRef[]) => deleteForever(selectionOf(refs)),
    onSuccess: (results, refs) => {
      reportResults('delete', results, refs);
      return invalidate(queryClient, 'trashPurged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('trash:toast.deleteFailed'))),
  });
}

/** Empty trash: everything in it deleted for good. */
export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyTrash,
    onSuccess: (emptied) => {
      toast.success(i18n.t('trash:toast.emptied', { count: emptied.files + emptied.folders }));
      return invalidate(queryClient, 'trashPurged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('trash:toast.emptyFailed'))),
  });
}
