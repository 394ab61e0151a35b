import type { QueryKey } from '@tanstack/react-query';
import type { ShareRequest, ShareState } from '@vault/contract';
import { fetchFileShare, updateFileShare } from '../../api/files';
import { queryKeys } from '../../api/keys';

/** What the share dialog shares: a file or a folder. */
export interface ShareTarget {
  /** Decides the public link: {origin}/files/{id} or {origin}/folders/{id}. */
  kind: 'file' | 'folder';
  id: number;
  name: string;
  /** Bytes, shown in KB or MB with 1 decimal (SPEC §2). */
  size?: number;
  /** The visibility the dialog starts from until the server's share state has loaded. */
  isPublic: boolean;
}

/** How the share dialog reads and writes one target's share state. */
export interface ShareAdapter {
  /** The query holding the current state, e.g. queryKeys.fileShare(id). */
  queryKey: QueryKey;
  load(): Promise<ShareState>;
  save(request: ShareRequest): Promise<ShareState>;
  /** Queries to refresh after a save (lists showing the visibility). */
  invalidates: readonly QueryKey[];
  successMessage: string;
  /** Shown when the server gives no message. */
  failureMessage: string;
}

/** GET/PUT /api/files/{id}/share. */
export function fileShareAdapter(fileId: number): ShareAdapter {
  return {
    queryKey: queryKeys.fileShare(fileId),
    load: () => fetchFileShare(fileId),
    save: (request) => updateFileShare(fileId, request),
    invalidates: [queryKeys.files],
    successMessage: 'File sharing updated successfully!',
    failureMessage: 'Share update failed',
  };
}

/** Names the server refused in 'Unknown user: bob' / 'Unknown users: a, b'. */
export function unknownUsernames(message: string): string[] {
  const match = /^Unknown users?: (.+)$/.exec(message);
  return match ? match[1]!.split(',').map((n) => n.trim().toLowerCase()) : [];
}
