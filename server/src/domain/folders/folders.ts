import { sql, type SqlBool } from 'kysely';
import {
  LIMITS,
  type Folder,
  type FolderListResponse,
  type FolderSearch,
  type PublicFolderResponse,
} from '@vault/contract';
import { isUniqueViolation, type Db } from '../../db/index.js';
import { folderTree, ownedFolder, publicFolder, readableFolder } from '../access/rules.js';
import type { Audience } from '../../events/bus.js';
import { folderAudience, mergeAudiences, NOBODY } from '../access/audience.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict, Invalid } from '../shared/errors.js';
import { containsPattern, searchFiles, type Condition } from '../files/search.js';
import { viewerOf } from '../access/viewer.js';
import { folderDto, folderDtos } from './dto.js';
import { lockUser } from '../shared/locks.js';
import { assertShareable, recordShareChange, replaceShares, resolveUsernames } from '../sharing/shares.js';

const PARENT_NOT_FOUND = 'Parent folder not found';

/**
 * GET /api/folders: the caller's folders (all, or the top level for
 * parent_id=root), or the subfolders of any folder the caller may read.
 */
export async function listFolders(db: Db, actor: Actor, criteria: FolderSearch): Promise<FolderListResponse> {
  const viewer = viewerOf(actor);
  const conditions: Condition[] = [];
  if (typeof criteria.parent_id === 'number') {
    await readableFolder(db, viewer, criteria.parent_id);
    conditions.push(sql<SqlBool>`fo.parent_id = ${criteria.parent_id}`);
  } else {
    conditions.push(sql<SqlBool>`fo.user_id = ${actor.id}`);
    if (criteria.parent_id === 'root') conditions.push(sql<SqlBool>`fo.parent_id is null`);
  }
  if (criteria.search) conditions.push(sql<SqlBool>`lower(fo.name) like ${containsPattern(criteria.search)} escape '\\'`);
  if (criteria.is_public !== undefined) conditions.push(sql<SqlBool>`fo.is_public = ${criteria.is_public ? 1 : 0}`);
  const folders = await folderDtos(db, viewer, sql<SqlBool>`${sql.join(conditions, sql` and `)}`, criteria);
  return { folders, total: folders.length };
}

export async function getFolder(db: Db, actor: Actor, folderId: number): Promise<Folder> {
  const row = await readableFolder(db, viewerOf(actor), folderId);
  return folderDto(db, viewerOf(actor), row.id);
}

/** The unique sibling-name index refused a write: same owner, same parent, same name ignoring case. */
function siblingConflict(err: unknown, name: string): unknown {
  return isUniqueViolation(err) ? new Conflict(`A folder named "${name}" already exists here`) : err;
}

/** Refuses a parent that is the folder itself or lies below it. */
async function assertNotBelow(trx: Db, folderId: number, parentId: number): Promise<void> {
  const { rows } = await sql<{ id: number }>`${folderTree(folderId)} select id from tree where id = ${parentId}`.execute(trx);
  if (rows.length > 0) throw new Invalid('A folder cannot be moved into itself or one of its subfolders');
}

/** After commit: everyone who could see the folder before or can see it now. */
async function publishFolderEvent(ctx: DomainContext, type: 'folder_created' | 'folder_updated', folderId: number, before: Audience = NOBODY) {
  await ctx.events.publish({
    event: { type, folder_id: folderId, at: new Date().toISOString() },
    audience: mergeAudiences(before, await folderAudience(ctx.db, folderId)),
  });
}

export interface FolderInput {
  name: string;
  parent_id?: number | null | undefined;
  is_public?: boolean | undefined;
}

/** POST /api/folders: under one of the caller's folders, or at the top level. */
export async function createFolder(ctx: DomainContext, actor: Actor, input: FolderInput): Promise<Folder> {
  let id = 0;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, ctx.dialect, actor.id);
      if (input.parent_id) await ownedFolder(trx, actor.id, input.parent_id, PARENT_NOT_FOUND);
      const now = Date.now();
      const row = await trx
        .insertInto('folders')
        .values({ user_id: actor.id, name: input.name, parent_id: input.parent_id ?? null, is_public: input.is_public ? 1 : 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    });
  } catch (err) {
    throw siblingConflict(err, input.name);
  }
  await publishFolderEvent(ctx, 'folder_created', id);
  return folderDto(ctx.db, viewerOf(actor), id);
}

export interface FolderChange {
  name?: string | undefined;
  parent_id?: number | null | undefined;
  is_public?: boolean | undefined;
  shared_users?: string[] | undefined;
}

/**
 * PUT /api/folders/{id}: rename, move, change visibility, replace the named
 * users. As for files, named users only while private: making a folder
 * public drops them.
 */
export async function updateFolder(ctx: DomainContext, actor: Actor, folderId: number, change: FolderChange): Promise<Folder> {
  const current = await ownedFolder(ctx.db, actor.id, folderId);
  const isPublic = change.is_public ?? current.is_public === 1;
  assertShareable('folder', isPublic, change.shared_users ?? []);
  const users = change.shared_users === undefined ? undefined : await resolveUsernames(ctx.db, change.shared_users, actor.id);
  const before = await folderAudience(ctx.db, folderId);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, ctx.dialect, actor.id);
      const row = await ownedFolder(trx, actor.id, folderId);
      if (change.parent_id) {
        await ownedFolder(trx, actor.id, change.parent_id, PARENT_NOT_FOUND);
        await assertNotBelow(trx, folderId, change.parent_id);
      }
      await trx
        .updateTable('folders')
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.parent_id !== undefined ? { parent_id: change.parent_id } : {}),
          is_public: isPublic ? 1 : 0,
          updated_at: Date.now(),
        })
        .where('id', '=', folderId)
        .execute();
      if (isPublic || users !== undefined) await replaceShares(trx, 'folder', folderId, users ?? []);
      if (change.is_public !== undefined || users !== undefined) {
        await recordShareChange(trx, actor, { kind: 'folder', id: folderId, name: row.name }, isPublic, users ?? []);
      }
    });
  } catch (err) {
    throw siblingConflict(err, change.name ?? current.name);
  }
  await publishFolderEvent(ctx, 'folder_updated', folderId, before);
  return folderDto(ctx.db, viewerOf(actor), folderId);
}

/**
 * GET /api/folders/public/{id}: a folder on a public chain, its subfolders and
 * its files (the first page of LIMITS.maxPageSize, by name), for anyone.
 */
export async function publicFolderView(db: Db, folderId: number): Promise<PublicFolderResponse> {
  const row = await publicFolder(db, folderId);
  const [folder, folders, files] = await Promise.all([
    folderDto(db, undefined, row.id),
    folderDtos(db, undefined, sql<SqlBool>`fo.parent_id = ${row.id}`),
    searchFiles(db, undefined, sql<SqlBool>`f.folder_id = ${row.id}`, {}, { page: 1, limit: LIMITS.maxPageSize, sort_by: 'original_name', sort_order: 'asc' }),
  ]);
  return { folder, folders, files: files.files };
}
