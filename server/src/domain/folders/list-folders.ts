import { sql, type SqlBool } from 'kysely';
import { readableByAnyone, type FolderListResponse, type FolderSearch } from '@vault/contract';
import { readableFolder } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import { containsPattern, type Condition } from '../files/search-conditions.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { starredFolderIds } from '../stars/starred-items.js';
import { folderDtos } from './dto.js';

/**
 * The caller's folders (all, or the top level for parent_id=root), or the
 * subfolders of any folder the caller may read; `starred`: among the
 * caller's starred folders they may read, whoever owns them.
 */
export async function listFolders(ctx: DomainContext, actor: Actor, criteria: FolderSearch): Promise<FolderListResponse> {
  const { db } = ctx;
  const viewer = viewerOf(actor);
  const conditions: Condition[] = [];
  if (criteria.starred) {
    const ids = await starredFolderIds(db, actor);
    conditions.push(ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`fo.id in (${sql.join(ids)})`);
  }
  if (typeof criteria.parent_id === 'number') {
    await readableFolder(db, viewer, criteria.parent_id);
    conditions.push(sql<SqlBool>`fo.parent_id = ${criteria.parent_id}`);
  } else {
    // Starred folders may be anybody's the caller can read; the rest are the caller's own.
    if (!criteria.starred) conditions.push(sql<SqlBool>`fo.user_id = ${actor.id}`);
    if (criteria.parent_id === 'root') conditions.push(sql<SqlBool>`fo.parent_id is null`);
  }
  if (criteria.search) conditions.push(sql<SqlBool>`lower(fo.name) like ${containsPattern(criteria.search)} escape '\\'`);
  const all = await folderDtos(db, viewer, sql<SqlBool>`${sql.join(conditions, sql` and `)}`, criteria);
  // Public as the folders' badges say it: itself or through a folder above.
  const folders = criteria.is_public === undefined ? all : all.filter((f) => readableByAnyone(f.visibility) === criteria.is_public);
  return { folders, total: folders.length };
}
