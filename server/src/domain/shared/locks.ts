import { sql, type RawBuilder } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { Db, Dialect } from '../../db/index.js';

/**
 * Serialises one user's structural changes (uploads, file moves, folder
 * creation, moves and deletes) on PostgreSQL, so that a folder cannot vanish
 * between the check that it exists and the write that points into it, nor two
 * moves build a cycle together. SQLite runs one transaction at a time already.
 */
export async function lockUser(trx: Db, dialect: Dialect, userId: number): Promise<void> {
  await lockUsers(trx, dialect, [userId]);
}

/** Several users' rows, always in id order so that two transactions cannot wait on each other. */
export async function lockUsers(trx: Db, dialect: Dialect, userIds: number[]): Promise<void> {
  if (dialect !== 'postgres' || userIds.length === 0) return;
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  await sql`select id from users where id in (${sql.join(ids)}) order by id for update`.execute(trx);
}

/**
 * Holds a file or folder row until the transaction ends, so that a row written
 * to point at it never meets a deleted key: on PostgreSQL FOR KEY SHARE, which
 * a delete of it waits for (one that committed first leaves nothing to hold);
 * SQLite runs one transaction at a time. Check the item inside the same
 * transaction, after the hold.
 */
export async function holdItem(trx: Db, dialect: Dialect, table: 'files' | 'folders', id: number): Promise<void> {
  if (dialect === 'postgres') await sql`select id from ${sql.table(table)} where id = ${id} for key share`.execute(trx);
}

/**
 * How an upload's commit holds its owner on PostgreSQL. `exclusive` is
 * lockUser. `shared` (FOR KEY SHARE) waits only for lockUser's holders: the
 * user's deletes, moves and other structural changes stay apart from it, while
 * the user's other uploads go on beside it. What those share is then guarded
 * by itself: the quota counter by its UPDATE's row lock (held from the charge,
 * the last statement, to the commit), ownership of content and a renamed
 * file's name by advisory locks (see commitLocks), a file's name by the unique
 * sibling-name index.
 */
export type UserHold = 'exclusive' | 'shared';

/**
 * lockUser and the user's quota and charged bytes, read in the same statement
 * (one round trip fewer while the lock is held).
 */
export async function lockedQuota(trx: Db, dialect: Dialect, userId: number): Promise<{ storage_quota_bytes: number | null; used_bytes: number }> {
  const query = trx.selectFrom('users').select(['storage_quota_bytes', 'used_bytes']).where('id', '=', userId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

/** A 32-bit key of a text, for an advisory lock (FNV-1a). */
function keyOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * Advisory locks of the two-key form, whose key space is apart from the
 * one-key locks of DatabaseHandle.exclusive. Content is keyed (user, hash)
 * and names (-user, name), so the two kinds never meet; a key two texts share
 * only makes one wait for the other. Each is taken at most once per
 * transaction and in this order (content, then name), so they never wait in a
 * circle.
 */
function advisoryLock(classKey: number, key: number): RawBuilder<unknown> {
  return sql`pg_advisory_xact_lock(${classKey}::int, ${key}::int)`;
}

/** What an upload's commit holds before its writes. */
export interface CommitHold {
  userId: number;
  hold: UserHold;
  /** Under a shared hold: the content, so that whether the user owns it, and what it costs them, is decided by one transaction at a time (two copies uploaded together are charged once, and a copy is never taken for free on the strength of another that has not committed). */
  hash: string;
  /** Under a shared hold, when renaming on a clash: the name, so that uploads looking for a free name beside it take turns and each sees the names of those before it. */
  sibling?: { parentId: number | null; name: string };
}

/**
 * An upload commit's locks on PostgreSQL, as expressions for one statement
 * (none on SQLite, which runs one transaction at a time): the user held as
 * `hold` says, then under a shared hold the content and the name. One round
 * trip instead of one per lock; the expressions of a select list are
 * evaluated in order, so the locks are taken in the order above.
 */
export function commitLocks(dialect: Dialect, { userId, hold, hash, sibling }: CommitHold): RawBuilder<unknown>[] {
  if (dialect !== 'postgres') return [];
  if (hold === 'exclusive') return [sql`(select id from users where id = ${userId} for update)`];
  const locks = [sql`(select id from users where id = ${userId} for key share)`, advisoryLock(userId, keyOf(hash))];
  if (sibling) locks.push(advisoryLock(-userId, keyOf(`${sibling.parentId ?? 0}/${sibling.name.toLowerCase()}`)));
  return locks;
}

/**
 * Blob rows, in hash order and as their reference count's update locks them,
 * for a transaction that changes several, or a blob and the files that refer
 * to it: taken before the first of those changes. The claim of a content's
 * text locks its blob and then that content's files (a trigger links them),
 * and uploads lock the blob before inserting the file, so with blobs always
 * first no two transactions wait on each other in a circle.
 */
export async function lockBlobs(trx: Db, dialect: Dialect, hashes: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const part of chunks([...new Set(hashes)].sort())) {
    await sql`select hash from blobs where hash in (${sql.join(part)}) order by hash for no key update`.execute(trx);
  }
}
