import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEventType } from '@vault/contract';
import { queryKeys } from './keys';

/** Files came or went: lists, the figures over them, and the folders whose counts and sizes moved. */
const FILES_ADDED_OR_REMOVED = [queryKeys.files, queryKeys.storage, queryKeys.userStats, queryKeys.folders];
/** A folder moved, changed hands or went with its content: who sees which files changed too. */
const FOLDER_CONTENT_CHANGED = [queryKeys.folders, queryKeys.files, queryKeys.storage, queryKeys.userStats];

/** Deleting moves items to Trash (or, with Trash off, deletes them): Trash and its figures move too. */
const FILES_DELETED = [...FILES_ADDED_OR_REMOVED, queryKeys.trash];
const FOLDER_CONTENT_DELETED = [...FOLDER_CONTENT_CHANGED, queryKeys.trash];

/** Trash changed without anything coming back into view: Trash, its figures and what the owner is charged. */
const TRASH_CHANGED = [queryKeys.trash, queryKeys.storage, queryKeys.userStats];

/** Another user's (or tab's) files came or went: the spec names files, user and storage statistics. */
const FILE_SET_CHANGED = [queryKeys.files, queryKeys.userStats, queryKeys.storageStats];
/** "Shared with me" lists folders too. */
const FOLDERS_CHANGED = [queryKeys.folders, queryKeys.sharedWithMe];

/** A star added or removed: every file and folder answer carries it (the admin's file table too). */
const STARS_CHANGED = [queryKeys.files, queryKeys.folders, queryKeys.admin];

/**
 * What each change makes stale: the one list of invalidations. Live events
 * are named by their type; this tab's own changes by what they did. Keys nest,
 * so queryKeys.files refreshes every file list, detail and share state.
 */
export const STALE_AFTER = {
  // Live events.
  file_uploaded: FILE_SET_CHANGED,
  file_deleted: FILE_SET_CHANGED,
  file_downloaded: [queryKeys.files, queryKeys.userStats, queryKeys.storage],
  // A share, rename or move: a file shared with this user appears without a reload. A new
  // version or a restore changes the content, and the owner's figures with it.
  file_updated: FILE_SET_CHANGED,
  folder_created: FOLDERS_CHANGED,
  folder_updated: FOLDERS_CHANGED,
  folder_deleted: FOLDERS_CHANGED,
  /** A visitor downloaded through one of this user's links: its counts moved. */
  link_downloaded: [queryKeys.links],
  /** A visitor's file arrived through a file request (file_uploaded refreshes the lists). */
  request_uploaded: [queryKeys.fileRequests],
  /** The owner's Trash changed (a delete, restore or purge elsewhere): Trash, the trash figures and what is charged. */
  trash_changed: TRASH_CHANGED,
  /** This user starred or unstarred something in another tab. */
  star_changed: STARS_CHANGED,
  /** This user's account changed elsewhere (role, password, two-factor sign-in, sessions): Settings reads it again. */
  account_changed: [queryKeys.account],

  // This tab's own changes.
  filesUploaded: FILES_ADDED_OR_REMOVED,
  fileDeleted: FILES_DELETED,
  /** The browser makes a download's request on its own; its count is read again afterwards. */
  downloadStarted: [queryKeys.files],
  fileShared: [queryKeys.files],
  /** A rename, move or retag: a move changes two folders' counts and sizes. */
  fileChanged: [queryKeys.files, queryKeys.folders],
  /** A bulk move or retag of files and folders. */
  itemsChanged: FOLDER_CONTENT_CHANGED,
  /** A bulk delete: the items went to Trash or for good. */
  itemsDeleted: FOLDER_CONTENT_DELETED,
  /** Items came back from Trash: where they landed, Trash and the figures. */
  trashRestored: FOLDER_CONTENT_DELETED,
  /** Items deleted for good from Trash (or all of it): Trash, its figures and what is charged. */
  trashPurged: TRASH_CHANGED,
  /** A version restored or deleted: the file, its versions and what the owner is charged. */
  fileContentChanged: FILES_ADDED_OR_REMOVED,
  folderCreated: [queryKeys.folders],
  folderChanged: FOLDER_CONTENT_CHANGED,
  folderDeleted: FOLDER_CONTENT_DELETED,
  /** Everything under a folder changes hands with it: its files too. */
  folderShared: [queryKeys.folders, queryKeys.files],
  adminFileDeleted: [queryKeys.admin, queryKeys.files, queryKeys.storage, queryKeys.userStats],
  linksChanged: [queryKeys.links],
  fileRequestsChanged: [queryKeys.fileRequests],
  /** A quota or admin flag: the admin's tables, and the user's own figures when it was them. */
  userUpdated: [queryKeys.admin, queryKeys.userStats],
  starChanged: STARS_CHANGED,
} as const satisfies Record<RealtimeEventType, readonly QueryKey[]> & Record<string, readonly QueryKey[]>;

export type Change = keyof typeof STALE_AFTER;

/** Refreshes what a change made stale; resolves once the active queries among them have refetched. */
export async function invalidate(queryClient: QueryClient, change: Change): Promise<void> {
  await Promise.all(STALE_AFTER[change].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
