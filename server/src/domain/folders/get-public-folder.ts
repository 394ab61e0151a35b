import { sql, type SqlBool } from 'kysely';
import { LIMITS, type PublicFolderResponse } from '@vault/contract';
import { publicFolder } from '../access/rules.js';
import { searchFiles } from '../files/search.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { folderDto, folderDtos } from './dto.js';

/**
 * A folder on a public chain, its subfolders and its files (the first page
 * of LIMITS.maxPageSize, by name), for anyone: signed in or not, nobody
 * learns more than a stranger.
 */
export async function getPublicFolder(ctx: DomainContext, _actor: Actor | undefined, { folderId }: { folderId: number }): Promise<PublicFolderResponse> {
  const { db } = ctx;
  const row = await publicFolder(db, folderId);
  const [folder, folders, files] = await Promise.all([
    folderDto(db, undefined, row.id),
    folderDtos(db, undefined, sql<SqlBool>`fo.parent_id = ${row.id}`),
    searchFiles(ctx, undefined, sql<SqlBool>`f.folder_id = ${row.id}`, {}, { page: 1, limit: LIMITS.maxPageSize, sort_by: 'original_name', sort_order: 'asc' }),
  ]);
  return { folder, folders, files: files.files };
}
