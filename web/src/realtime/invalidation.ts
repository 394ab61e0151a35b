import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { realtimeEventSchema, type RealtimeEventType } from '@vault/contract';
import { queryKeys } from '../api/keys';

const FILE_SET_CHANGED = [queryKeys.files, queryKeys.userStats, queryKeys.storageStats, queryKeys.dedupStats];
/** "Shared with me" lists folders too. */
const FOLDERS_CHANGED = [queryKeys.folders, queryKeys.sharedWithMe];

/**
 * SPEC §7. 'File stats' are the storage statistics. file_updated (share,
 * rename, move) refreshes file lists: a file shared with this user appears
 * without a reload. Messages of any other type are only logged.
 */
const INVALIDATIONS: Record<RealtimeEventType, readonly QueryKey[]> = {
  file_uploaded: FILE_SET_CHANGED,
  file_deleted: FILE_SET_CHANGED,
  file_downloaded: [queryKeys.files, queryKeys.userStats, queryKeys.storage],
  file_updated: [queryKeys.files],
  folder_created: FOLDERS_CHANGED,
  folder_updated: FOLDERS_CHANGED,
  folder_deleted: FOLDERS_CHANGED,
};

/** What an event makes stale; admins' system-wide figures move with every file event. */
export function keysToInvalidate(type: RealtimeEventType, isAdmin: boolean): QueryKey[] {
  const keys = [...INVALIDATIONS[type]];
  if (isAdmin && type.startsWith('file_')) keys.push(queryKeys.admin);
  return keys;
}

/** Refreshes what a server message makes stale; anything else is only logged. */
export function applyRealtimeMessage(queryClient: QueryClient, message: unknown, isAdmin: boolean): void {
  const parsed = realtimeEventSchema.safeParse(message);
  if (!parsed.success) {
    console.info('Real-time message ignored', message);
    return;
  }
  for (const queryKey of keysToInvalidate(parsed.data.type, isAdmin)) void queryClient.invalidateQueries({ queryKey });
}
