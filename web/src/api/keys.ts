import type { AdminFileSearchCriteria, FileSearchCriteria, FolderSearchCriteria, PublicFileSearchCriteria } from '@vault/contract';

/**
 * TanStack Query keys, in one place so invalidation (mutations, real-time
 * events) can find them. Keys nest: invalidating a prefix such as
 * queryKeys.files refreshes every file list, detail and share state.
 */
export const queryKeys = {
  appConfig: ['config'] as const,
  userStats: ['auth', 'stats'] as const,

  /** Settings: the account, its sessions and its storage. */
  account: ['account'] as const,
  accountSessions: ['account', 'sessions'] as const,
  accountStorage: ['account', 'storage'] as const,

  files: ['files'] as const,
  fileList: (criteria: FileSearchCriteria) => ['files', 'list', criteria] as const,
  publicFiles: (criteria: PublicFileSearchCriteria) => ['files', 'public', criteria] as const,
  file: (id: number) => ['files', 'detail', id] as const,
  /** A public file as anonymous visitors see it (GET /api/files/public/{id}). */
  publicFile: (id: number) => ['files', 'public-detail', id] as const,
  fileShare: (id: number) => ['files', 'share', id] as const,
  /** A file's earlier versions (its owner's): under files, so every file change refreshes them. */
  fileVersions: (id: number) => ['files', 'versions', id] as const,
  sharedWithMe: ['files', 'shared-with-me'] as const,

  /** Storage statistics ("file stats"): savings and deduplication. */
  storage: ['storage'] as const,
  storageStats: ['storage', 'stats'] as const,

  folders: ['folders'] as const,
  folderList: (criteria: FolderSearchCriteria) => ['folders', 'list', criteria] as const,
  folder: (id: number) => ['folders', 'detail', id] as const,
  folderShare: (id: number) => ['folders', 'share', id] as const,
  publicFolder: (id: number) => ['folders', 'public', id] as const,

  /** Share links: all of the user's, or one item's. */
  links: ['links'] as const,
  itemLinks: (type: 'file' | 'folder', id: number) => ['links', type, id] as const,
  fileRequests: ['file-requests'] as const,

  /** The caller's Trash (GET /api/trash). */
  trash: ['trash'] as const,

  admin: ['admin'] as const,
  adminStats: ['admin', 'stats'] as const,
  adminFiles: (criteria: AdminFileSearchCriteria) => ['admin', 'files', criteria] as const,
  adminUsers: ['admin', 'users'] as const,
  adminTopFiles: (limit: number) => ['admin', 'top', limit] as const,
  adminActivity: ['admin', 'activity'] as const,
};
