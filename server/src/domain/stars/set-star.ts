import { LIMITS, sentence } from '@vault/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { readableFile, readableFolder } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';
import { holdItem, lockUser } from '../shared/locks.js';
import { starredFileIds, starredFolderIds, type Starrer } from './starred-items.js';

export type StarKind = 'file' | 'folder';

const TABLES = {
  file: { table: 'file_stars', item: 'file_id', items: 'files' },
  folder: { table: 'folder_stars', item: 'folder_id', items: 'folders' },
} as const;

async function starCount(trx: Db, userId: number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select (select count(*) from file_stars where user_id = ${userId}) + (select count(*) from folder_stars where user_id = ${userId}) as n`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Drops the user's stars on what they cannot see now (in Trash, unshared):
 * kept while there is room, so that such an item comes back starred, but the
 * user cannot remove them and they must not hold the limit.
 */
async function dropHiddenStars(trx: Db, user: Starrer): Promise<void> {
  const [files, folders] = [await starredFileIds(trx, user), await starredFolderIds(trx, user)];
  await trx.deleteFrom('file_stars').where('user_id', '=', user.id).$if(files.length > 0, (q) => q.where('file_id', 'not in', files)).execute();
  await trx.deleteFrom('folder_stars').where('user_id', '=', user.id).$if(folders.length > 0, (q) => q.where('folder_id', 'not in', folders)).execute();
}

const readableItem = (db: Db, user: Starrer, kind: StarKind, id: number) => (kind === 'file' ? readableFile(db, user, id) : readableFolder(db, user, id));

/**
 * Adds the star unless there; false when it was there already. Holds the
 * user so that concurrent stars cannot pass the limit together, then the item
 * so that a delete of it commits before the check or waits for the star.
 */
async function addStar(ctx: DomainContext, user: Starrer, kind: StarKind, id: number): Promise<boolean> {
  const { table, item, items } = TABLES[kind];
  const userId = user.id;
  return ctx.db.transaction().execute(async (trx: Db) => {
    await lockUser(trx, ctx.dialect, userId);
    await holdItem(trx, ctx.dialect, items, id);
    await readableItem(trx, user, kind, id);
    const { rows: there } = await sql`select 1 as one from ${sql.table(table)} where user_id = ${userId} and ${sql.ref(item)} = ${id}`.execute(trx);
    if (there.length > 0) return false;
    if ((await starCount(trx, userId)) >= LIMITS.maxStars) {
      await dropHiddenStars(trx, user);
      if ((await starCount(trx, userId)) >= LIMITS.maxStars) throw new Conflict(sentence('tooManyStars', { max: LIMITS.maxStars }));
    }
    await sql`insert into ${sql.table(table)} (user_id, ${sql.ref(item)}, created_at) values (${userId}, ${id}, ${Date.now()})`.execute(trx);
    return true;
  });
}

/** Removes the star of an item the user may read; false when there was none. */
async function removeStar(db: Db, user: Starrer, kind: StarKind, id: number): Promise<boolean> {
  await readableItem(db, user, kind, id);
  const { table, item } = TABLES[kind];
  const result = await sql`delete from ${sql.table(table)} where user_id = ${user.id} and ${sql.ref(item)} = ${id}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Stars or unstars a file or folder the caller may read (anything else is
 * "not found", as everywhere). Idempotent. A star is the caller's alone: no
 * activity row, nothing another user sees changes; the event that lets the
 * caller's other tabs follow goes to the caller only (not to admins).
 */
export async function setStar(ctx: DomainContext, actor: Actor, input: { kind: StarKind; id: number; starred: boolean }): Promise<void> {
  const changed = input.starred ? await addStar(ctx, actor, input.kind, input.id) : await removeStar(ctx.db, actor, input.kind, input.id);
  if (!changed) return;
  const item = input.kind === 'file' ? { file_id: input.id } : { folder_id: input.id };
  await ctx.events.publish({ event: { type: 'star_changed', ...item, at: new Date().toISOString() }, audience: { userIds: [actor.id], public: false, onlyNamed: true } });
}
