import type { ShareState } from '@vault/contract';
import type { Db } from '../db/index.js';
import { ownedFile } from './access.js';
import { recordActivity } from './activity.js';
import { fileAudience, mergeAudiences } from './audience.js';
import type { Actor, DomainContext } from './context.js';
import { Invalid } from './errors.js';

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

export async function getFileShare(ctx: DomainContext, actor: Actor, fileId: number): Promise<ShareState> {
  const row = await ownedFile(ctx.db, actor.id, fileId);
  const users = await ctx.db
    .selectFrom('file_shares')
    .innerJoin('users', 'users.id', 'file_shares.user_id')
    .select('users.username')
    .where('file_shares.file_id', '=', fileId)
    .orderBy('users.username')
    .execute();
  return { is_public: row.is_public === 1, shared_users: users.map((u) => u.username) };
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
      detail: share.is_public ? 'public' : users.length > 0 ? `private, shared with ${users.map((u) => u.username).join(', ')}` : 'private',
    });
  });
  const after = await fileAudience(ctx.db, { ...row, is_public: share.is_public ? 1 : 0 });
  await ctx.events.publish({
    event: { type: 'file_updated', file_id: fileId, at: new Date().toISOString() },
    audience: mergeAudiences(before, after),
  });
  return getFileShare(ctx, actor, fileId);
}
