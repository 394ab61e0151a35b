import { sql, type SqlBool } from 'kysely';
import { LIMITS, type SharedWithMeResponse, type ShareState } from '@vault/contract';
import type { Db } from '../db/index.js';
import { ownedFile } from './access.js';
import { recordActivity } from './activity.js';
import { fileAudience, mergeAudiences } from './audience.js';
import type { Actor, DomainContext } from './context.js';
import { Invalid } from './errors.js';
import { fileDtos } from './file-dto.js';
import { viewerOf } from './files.js';
import { folderDtos } from './folder-dto.js';

/** Usernames to user ids, case-insensitively; unknown names are refused by name. The owner is dropped. */
export async function resolveUsernames(db: Db, names: string[], ownerId: number): Promise<{ id: number; username: string }[]> {
  if (names.length === 0) return [];
  const lowered = names.map((n) => n.toLowerCase());
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', lowered))
    .execute();
  const found = new Set(users.map((u) => u.username.toLowerCase()));
  const unknown = names.filter((n) => !found.has(n.toLowerCase()));
  if (unknown.length > 0) throw new Invalid(`Unknown user${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  return users.filter((u) => u.id !== ownerId);
}

/** The users a file or folder is shared with by name, sorted. */
export async function sharedUsernames(db: Db, kind: 'file' | 'folder', id: number): Promise<string[]> {
  const [table, column] = kind === 'file' ? ['file_shares', 'file_id'] : ['folder_shares', 'folder_id'];
  const { rows } = await sql<{ username: string }>`select u.username from ${sql.table(table)} s join users u on u.id = s.user_id
    where s.${sql.ref(column)} = ${id} order by u.username`.execute(db);
  return rows.map((r) => r.username);
}

/** How a share change reads in the audit log. */
export function shareDetail(isPublic: boolean, users: { username: string }[]): string {
  if (isPublic) return 'public';
  return users.length > 0 ? `private, shared with ${users.map((u) => u.username).join(', ')}` : 'private';
}

export async function getFileShare(ctx: DomainContext, actor: Actor, fileId: number): Promise<ShareState> {
  const row = await ownedFile(ctx.db, actor.id, fileId);
  return { is_public: row.is_public === 1, shared_users: await sharedUsernames(ctx.db, 'file', fileId) };
}

/** Replaces visibility and the set of named users; named users only while private. */
export async function setFileShare(ctx: DomainContext, actor: Actor, fileId: number, share: { is_public: boolean; shared_users: string[] }): Promise<ShareState> {
  const row = await ownedFile(ctx.db, actor.id, fileId);
  if (share.is_public && share.shared_users.length > 0) throw new Invalid('Files can be shared with named users only while private');
  const users = await resolveUsernames(ctx.db, share.shared_users, actor.id);
  const before = await fileAudience(ctx.db, row);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('files').set({ is_public: share.is_public ? 1 : 0, updated_at: Date.now() }).where('id', '=', fileId).execute();
    await trx.deleteFrom('file_shares').where('file_id', '=', fileId).execute();
    if (users.length > 0) await trx.insertInto('file_shares').values(users.map((u) => ({ file_id: fileId, user_id: u.id }))).execute();
    await recordActivity(trx, {
      type: 'share',
      userId: actor.id,
      fileId,
      fileName: row.original_name,
      detail: shareDetail(share.is_public, users),
    });
  });
  const after = await fileAudience(ctx.db, { ...row, is_public: share.is_public ? 1 : 0 });
  await ctx.events.publish({
    event: { type: 'file_updated', file_id: fileId, at: new Date().toISOString() },
    audience: mergeAudiences(before, after),
  });
  return getFileShare(ctx, actor, fileId);
}

/**
 * GET /api/shared-with-me: files and folders other users shared with the
 * caller by name, newest first. Public content is on /public, not here.
 */
export async function sharedWithMe(db: Db, actor: Actor): Promise<SharedWithMeResponse> {
  const viewer = viewerOf(actor);
  const files = await db
    .selectFrom('file_shares as s')
    .innerJoin('files as f', 'f.id', 's.file_id')
    .select('f.id')
    .where('s.user_id', '=', actor.id)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(LIMITS.sharingPageLimit)
    .execute();
  const folders = await folderDtos(
    db,
    viewer,
    sql<SqlBool>`fo.id in (select folder_id from folder_shares where user_id = ${actor.id})`,
    { sort_by: 'created_at', sort_order: 'desc' },
  );
  return { files: await fileDtos(db, viewer, files.map((f) => f.id)), folders };
}
