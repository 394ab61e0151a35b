import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { bulkResponseSchema, fileResponseSchema, type BulkRequest, type BulkResult, type FileItem, type FileUpdate } from '@vault/contract';
import { i18n } from '../i18n';
import { localizeSaid } from '../lib/server-messages';
import { apiRequest, errorMessage } from './client';
import { updateFolder } from './folders';
import { invalidate } from './invalidation';
import { selectionOf, undoOptions, useTrashDays, type TrashRef } from './trash';

/** PUT /api/files/{id}: rename, move or retag one of the caller's files. */
async function updateFile(id: number, change: FileUpdate): Promise<FileItem> {
  return (await apiRequest(`/api/files/${id}`, fileResponseSchema, { method: 'PUT', body: change })).file;
}

/** POST /api/files/bulk: one action over many items, with a result per item. */
async function applyBulk(request: BulkRequest): Promise<BulkResult[]> {
  return (await apiRequest('/api/files/bulk', bulkResponseSchema, { method: 'POST', body: request })).results;
}

/**
 * A file's rename, move or new tags. Failures are the caller's to show (an
 * inline rename shows them under the name), so there is no error toast.
 */
export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: FileUpdate }) => updateFile(id, change),
    onSuccess: () => invalidate(queryClient, 'fileChanged'),
  });
}

/** A folder's new name, from an inline rename that shows its own errors. */
export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => updateFolder(id, { name }),
    onSuccess: () => invalidate(queryClient, 'folderChanged'),
  });
}

/** The items of a bulk action, by kind. */
export interface ItemIds {
  file_ids: number[];
  folder_ids: number[];
}

export type BulkActionRequest =
  | { action: 'move' | 'copy'; items: ItemIds; folderId: number | null; targetName: string }
  /** The items named, so that Undo can say what came back. */
  | { action: 'delete'; items: readonly TrashRef[] }
  | { action: 'tag'; items: ItemIds; add: string[]; remove: string[] };

function bodyOf(request: BulkActionRequest): BulkRequest {
  switch (request.action) {
    case 'move':
    case 'copy':
      return { action: request.action, ...request.items, folder_id: request.folderId };
    case 'delete':
      return { action: 'delete', ...selectionOf(request.items) };
    case 'tag':
      return { action: 'tag', ...request.items, tags: { add: request.add, remove: request.remove } };
  }
}

/**
 * The toast of a bulk action: how many items changed and, when some did not,
 * the first reason. With Trash on (`trashDays` above 0) deleted items moved there.
 */
export function bulkSummary(request: BulkActionRequest, results: readonly BulkResult[], trashDays = 0): { ok: boolean; message: string } {
  const done = results.filter((r) => r.ok).length;
  const failed = results.filter((r) => !r.ok);
  const first = failed[0];
  if (first) return { ok: false, message: i18n.t('manage:bulk.someFailed', { count: results.length, failed: failed.length, reason: localizeSaid(first) }) };
  if (request.action === 'move') return { ok: true, message: i18n.t('manage:bulk.moved', { count: done, target: request.targetName }) };
  if (request.action === 'copy') {
    const key = request.items.folder_ids.length > 0 ? 'manage:bulk.copiedItems' : 'manage:bulk.copied';
    return { ok: true, message: i18n.t(key, { count: done, target: request.targetName }) };
  }
  if (request.action === 'delete') return { ok: true, message: i18n.t(trashDays > 0 ? 'manage:bulk.movedToTrash' : 'manage:bulk.deleted', { count: done }) };
  return { ok: true, message: i18n.t('manage:bulk.tagged', { count: done }) };
}

/** The items of a bulk delete that went, to bring back with Undo. */
function deletedRefs(request: BulkActionRequest, results: readonly BulkResult[]): TrashRef[] {
  if (request.action !== 'delete') return [];
  return request.items.filter((item) => results.some((r) => r.ok && r.kind === item.kind && r.id === item.id));
}

/**
 * A bulk move, copy, delete or retag with its summary toast (a delete into Trash
 * offers Undo); lists, folders and figures refresh after. Resolves to the results.
 */
export function useBulkAction() {
  const queryClient = useQueryClient();
  const trashDays = useTrashDays() ?? 0;
  return useMutation({
    mutationFn: (request: BulkActionRequest) => applyBulk(bodyOf(request)),
    onSuccess: (results, request) => {
      const summary = bulkSummary(request, results, trashDays);
      const undone = trashDays > 0 ? deletedRefs(request, results) : [];
      const options = undone.length > 0 ? undoOptions(queryClient, undone) : undefined;
      if (summary.ok) toast.success(summary.message, options);
      else toast.error(summary.message, options);
      return invalidate(queryClient, request.action === 'delete' ? 'itemsDeleted' : 'itemsChanged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('manage:bulk.failed'))),
  });
}
