import { sql } from 'kysely';
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
 * How an upload's commit holds its owner on PostgreSQL. `exclusive` is
 * lockUser. `shared` (FOR KEY SHARE) waits only for lockUser's holders: the
 * user's deletes, moves and other structural changes stay apart from it, while
 * the user's other uploads go on beside it. What those share is then guarded
 * by itself: the quota counter by its UPDATE's row lock (held from the charge,
 * the last statement, to the commit), ownership of content by lockOwnContent,
 * a file's name by the unique sibling-name index (and lockSiblingName).
 */
export type UserHold = 'exclusive' | 'shared';

/** Holds the user for the rest of the transaction, as `hold` says. */
export async function holdUser(trx: Db, dialect: Dialect, userId: number, hold: UserHold): Promise<void> {
  if (hold === 'exclusive') return lockUser(trx, dialect, userId);
  if (dialect === 'postgres') await sql`select id from users where id = ${userId} for key share`.execute(trx);
}

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
async function advisoryLock(trx: Db, dialect: Dialect, classKey: number, key: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${classKey}::int, ${key}::int)`.execute(trx);
}

/**
 * Under a shared hold: whether the user owns this content, and what it costs
 * them, is decided by one transaction at a time, so two copies uploaded
 * together are charged once, and a copy is never taken for free on the
 * strength of another that has not committed.
 */
export async function lockOwnContent(trx: Db, dialect: Dialect, userId: number, hash: string): Promise<void> {
  await advisoryLock(trx, dialect, userId, keyOf(hash));
}

/** Under a shared hold: uploads looking for a free name beside the same name take turns, so each sees the names of those before it. */
export async function lockSiblingName(trx: Db, dialect: Dialect, userId: number, parentId: number | null, name: string): Promise<void> {
  await advisoryLock(trx, dialect, -userId, keyOf(`${parentId ?? 0}/${name.toLowerCase()}`));
}

/**
 * Blob rows, in hash order, for a transaction that changes several (a new
 * version adds one reference and may release others): taken before the first
 * change, so two such transactions never wait on each other in a circle.
 */
export async function lockBlobs(trx: Db, dialect: Dialect, hashes: string[]): Promise<void> {
  const sorted = [...new Set(hashes)].sort();
  if (dialect !== 'postgres' || sorted.length < 2) return;
  await sql`select hash from blobs where hash in (${sql.join(sorted)}) order by hash for update`.execute(trx);
}
