import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  folderListResponseSchema,
  folderResponseSchema,
  publicFolderResponseSchema,
  SESSION,
  type Folder,
  type FolderCreate,
  type FolderListResponse,
  type FolderSearchCriteria,
  type FolderUpdate,
} from '@vault/contract';
import { parentOptions } from '../lib/folder-paths';
import { apiRequest, apiSend, errorMessage } from './client';
import { invalidate, type Change } from './invalidation';
import { queryKeys } from './keys';
import { retryUnlessNotFound } from './not-found';
import { undoOptions, useTrashDays } from './trash';
import { toQueryString } from '../lib/query-string';
import { i18n } from '../i18n';

function fetchFolders(criteria: FolderSearchCriteria = {}, signal?: AbortSignal): Promise<FolderListResponse> {
  return apiRequest(`/api/folders${toQueryString(criteria)}`, folderListResponseSchema, { signal });
}

async function fetchFolder(id: number) {
  return (await apiRequest(`/api/folders/${id}`, folderResponseSchema)).folder;
}

async function createFolder(body: FolderCreate, signal?: AbortSignal) {
  return (await apiRequest('/api/folders', folderResponseSchema, { method: 'POST', body, signal })).folder;
}

/** PUT /api/folders/{id}: rename, move or change the visibility of one of the caller's folders. */
export async function updateFolder(id: number, body: FolderUpdate) {
  return (await apiRequest(`/api/folders/${id}`, folderResponseSchema, { method: 'PUT', body })).folder;
}

function deleteFolder(id: number) {
  return apiSend(`/api/folders/${id}`, { method: 'DELETE' });
}

/**
 * The folders of a dropped or picked directory tree, recreated under
 * `parentId` with their names as they were: each path ("photos/2024") maps to
 * its folder's id. A folder of the owner's with the same name and parent is
 * used as it is, so sending the same tree twice does not double it.
 * Once `signal` aborts no further folder is made (the session it was for ended).
 */
export async function ensureFolderTree(paths: readonly string[], parentId: number | null, ownerId: number, signal: AbortSignal): Promise<Map<string, number | null>> {
  const existing = (await fetchFolders(FOLDER_OPTIONS_CRITERIA, signal)).folders.filter((f) => f.user_id === ownerId);
  const ids = new Map<string, number | null>([['', parentId]]);
  const sorted = [...new Set(paths.flatMap((p) => p.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))))].filter(Boolean).sort();
  for (const path of sorted) {
    const cut = path.lastIndexOf('/');
    const parent = ids.get(cut < 0 ? '' : path.slice(0, cut)) ?? null;
    const name = path.slice(cut + 1);
    const found = existing.find((f) => f.parent_id === parent && f.name === name);
    ids.set(path, found ? found.id : (await createFolder({ name, parent_id: parent, is_public: false }, signal)).id);
  }
  return ids;
}

/** A public folder for anyone: no token is sent, so a stale session cannot get in the way. */
function fetchPublicFolder(id: number) {
  return apiRequest(`/api/folders/public/${id}`, publicFolderResponseSchema, { token: null });
}

/** GET /api/folders with these criteria. */
export function useFolderList(criteria: FolderSearchCriteria) {
  return useQuery({ queryKey: queryKeys.folderList(criteria), queryFn: () => fetchFolders(criteria) });
}

/** The folder search: while new criteria load, the previous results stay on screen. */
export function useFolderSearch(criteria: FolderSearchCriteria) {
  return useQuery({ queryKey: queryKeys.folderList(criteria), queryFn: () => fetchFolders(criteria), placeholderData: keepPreviousData });
}

/** A folder's subfolders, by name. */
export function useSubfolders(parentId: number) {
  return useFolderList({ parent_id: parentId, sort_by: 'name', sort_order: 'asc' });
}

export function useFolder(id: number) {
  return useQuery({ queryKey: queryKeys.folder(id), queryFn: () => fetchFolder(id), retry: retryUnlessNotFound });
}

/** A public folder as anonymous visitors see it; null ids load nothing. */
export function usePublicFolder(id: number | null) {
  return useQuery({
    queryKey: queryKeys.publicFolder(id ?? 0),
    queryFn: () => fetchPublicFolder(id ?? 0),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
}

/** Every folder of the caller's, by name: pickers share one cached list. */
export const FOLDER_OPTIONS_CRITERIA: FolderSearchCriteria = { sort_by: 'name', sort_order: 'asc' };

/**
 * The caller's folders, every one, shaped by `select`; refetched every 30 s.
 * Pickers and filters share the one cached list; `enabled` false reads nothing (yet).
 */
export function useAllFolders<T>(select: (folders: Folder[]) => T, enabled = true) {
  return useQuery({
    queryKey: queryKeys.folderList(FOLDER_OPTIONS_CRITERIA),
    queryFn: ({ signal }) => fetchFolders(FOLDER_OPTIONS_CRITERIA, signal),
    refetchInterval: SESSION.statsRefetchMs,
    select: ({ folders }) => select(folders),
    enabled,
  });
}

/**
 * The caller's folders for pickers and the folder filter, labelled with their
 * path. `exclude` leaves out a folder and everything under it: where that
 * folder itself may not go.
 */
export function useFolderOptions(exclude?: number) {
  return useAllFolders((folders) => parentOptions(folders, exclude));
}

/** The toasts of each folder action (keys of the folders texts), and what it makes stale. */
const ACTIONS = {
  create: { ok: 'folders:toast.created', failed: 'folders:toast.createFailed', change: 'folderCreated' },
  update: { ok: 'folders:toast.updated', failed: 'folders:toast.updateFailed', change: 'folderChanged' },
  delete: { ok: 'folders:toast.deleted', failed: 'folders:toast.deleteFailed', change: 'folderDeleted' },
} as const satisfies Record<string, { ok: string; failed: string; change: Change }>;

/**
 * A folder action with its toasts (`announce`, when given, says it was done instead of the usual
 * toast); `onDone` runs first (e.g. leaving a deleted folder's page), then lists refresh.
 */
function useFolderAction<V>(kind: keyof typeof ACTIONS, mutationFn: (variables: V) => Promise<unknown>, onDone?: () => void, announce?: (variables: V) => void) {
  const queryClient = useQueryClient();
  const action = ACTIONS[kind];
  return useMutation({
    mutationFn,
    onSuccess: (_, variables) => {
      if (announce) announce(variables);
      else toast.success(i18n.t(action.ok));
      onDone?.();
      void invalidate(queryClient, action.change);
    },
    onError: (err) => toast.error(errorMessage(err, i18n.t(action.failed))),
  });
}

export function useCreateFolder(onDone?: () => void) {
  return useFolderAction('create', (body: FolderCreate) => createFolder(body), onDone);
}

export function useUpdateFolder(onDone?: () => void) {
  return useFolderAction('update', ({ id, change }: { id: number; change: FolderUpdate }) => updateFolder(id, change), onDone);
}

/** Deleting a folder: with Trash on, it moves there with its content and the toast offers Undo. */
export function useDeleteFolder(onDone?: () => void) {
  const queryClient = useQueryClient();
  const trashDays = useTrashDays();
  const movedToTrash = (folder: Pick<Folder, 'id' | 'name'>) =>
    toast.success(i18n.t('folders:toast.movedToTrash', { name: folder.name }), undoOptions(queryClient, [{ kind: 'folder', id: folder.id, name: folder.name }]));
  return useFolderAction('delete', (folder: Pick<Folder, 'id' | 'name'>) => deleteFolder(folder.id), onDone, trashDays ? movedToTrash : undefined);
}
