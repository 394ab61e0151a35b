import type { FileRequest, ShareLink } from '@vault/contract';
import { isoTime, type Db } from '../../db/index.js';
import type { LinkRow } from '../../db/schema.js';
import type { FolderReach } from '../access/audience.js';
import { linkState } from './state.js';

/** Landing pages, by kind: /s/ shows an item, /r/ takes uploads. */
export const linkPath = (row: Pick<LinkRow, 'kind' | 'token'>) => `/${row.kind === 'share' ? 's' : 'r'}/${row.token}`;

const isoOrNull = (ms: number | null) => (ms === null ? null : isoTime(ms));

export type NamedLink = LinkRow & { file_name: string | null; folder_name: string | null };

/** Links of one owner with the names of their items; `narrow` adds conditions. */
export async function namedLinks(db: Db, ownerId: number, kind: LinkRow['kind'], narrow: { ids?: number[]; fileId?: number; folderId?: number } = {}): Promise<NamedLink[]> {
  let query = db
    .selectFrom('links as l')
    .leftJoin('files as f', 'f.id', 'l.file_id')
    .leftJoin('folders as fo', 'fo.id', 'l.folder_id')
    .selectAll('l')
    .select(['f.original_name as file_name', 'fo.name as folder_name'])
    .where('l.user_id', '=', ownerId)
    .where('l.kind', '=', kind)
    // A trashed item's links are listed again once it is restored.
    .where('f.trashed_at', 'is', null)
    .where('fo.trashed_at', 'is', null)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc');
  if (narrow.ids) query = query.where('l.id', 'in', narrow.ids);
  if (narrow.fileId !== undefined) query = query.where('l.file_id', '=', narrow.fileId);
  if (narrow.folderId !== undefined) query = query.where('l.folder_id', '=', narrow.folderId);
  return query.execute();
}

export function shareLinkDto(row: NamedLink, now = Date.now()): ShareLink {
  const isFile = row.file_id !== null;
  return {
    id: row.id,
    token: row.token,
    path: linkPath(row),
    item: { type: isFile ? 'file' : 'folder', id: (isFile ? row.file_id : row.folder_id)!, name: (isFile ? row.file_name : row.folder_name) ?? '' },
    label: row.label,
    state: linkState(row, now),
    has_password: row.password_hash !== null,
    expires_at: isoOrNull(row.expires_at),
    max_downloads: row.max_downloads,
    allow_preview: row.allow_preview === 1,
    views: row.views,
    downloads: row.downloads,
    last_used_at: isoOrNull(row.last_used_at),
    created_at: isoTime(row.created_at),
  };
}

/** A file request as its owner sees it, with who else can open what arrives (read with folderReach). */
export function fileRequestDto(row: NamedLink, folderReach: FolderReach, now = Date.now()): FileRequest {
  return {
    id: row.id,
    token: row.token,
    path: linkPath(row),
    folder: { id: row.folder_id!, name: row.folder_name ?? '' },
    folder_reach: folderReach,
    label: row.label,
    message: row.message,
    state: linkState(row, now),
    has_password: row.password_hash !== null,
    expires_at: isoOrNull(row.expires_at),
    max_files: row.max_files,
    max_bytes: row.max_bytes === null ? null : Number(row.max_bytes),
    files_received: row.files_received,
    bytes_received: Number(row.bytes_received),
    last_used_at: isoOrNull(row.last_used_at),
    created_at: isoTime(row.created_at),
  };
}
