import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { SESSION, type FileSearchCriteria, type FolderSearchCriteria, type PublicFileSearchCriteria } from '@vault/contract';
import { fetchAppConfig, fetchUserStats } from './auth';
import { fetchFiles, fetchPublicFiles, fetchStorageStats } from './files';
import { fetchFolders } from './folders';
import { queryKeys } from './keys';
import { parentOptions, type FolderOption } from '../lib/folder-paths';

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

/** The server's public settings (demo accounts, upload size limit); fixed while it runs. */
export function useAppConfig() {
  return useQuery({ queryKey: queryKeys.appConfig, queryFn: fetchAppConfig, staleTime: Infinity });
}

/** SPEC §7: user stats are refetched every 30 s. */
export function useUserStats() {
  return useQuery({ queryKey: queryKeys.userStats, queryFn: fetchUserStats, refetchInterval: SESSION.statsRefetchMs });
}

/** SPEC §7: storage stats are refetched every 30 s, with 3 retries 1 s apart. */
export function useStorageStats() {
  return useQuery({
    queryKey: queryKeys.storageStats,
    queryFn: fetchStorageStats,
    refetchInterval: SESSION.statsRefetchMs,
    retry: 3,
    retryDelay: 1000,
  });
}

export type { FolderOption };

/** Folder options as select choices (value: the id as text). */
export function folderChoices(folders: readonly FolderOption[]): { value: string; label: string }[] {
  return folders.map((f) => ({ value: String(f.id), label: f.label }));
}

const FOLDER_OPTIONS_CRITERIA: FolderSearchCriteria = { sort_by: 'name', sort_order: 'asc' };

/**
 * The caller's folders for pickers and the folder filter, labelled with their
 * path, refetched every 30 s (SPEC §7). `exclude` leaves out a folder and
 * everything under it: where that folder itself may not go.
 */
export function useFolderOptions(exclude?: number) {
  return useQuery({
    queryKey: queryKeys.folderList(FOLDER_OPTIONS_CRITERIA),
    queryFn: ({ signal }) => fetchFolders(FOLDER_OPTIONS_CRITERIA, signal),
    refetchInterval: SESSION.statsRefetchMs,
    select: ({ folders }) => parentOptions(folders, exclude),
  });
}

/**
 * After files were added or removed: lists, stats and folder sizes change.
 * (Uploads and deletions; share changes only touch queryKeys.files.)
 */
export function invalidateFileData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [queryKeys.files, queryKeys.storage, queryKeys.userStats, queryKeys.folders].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
