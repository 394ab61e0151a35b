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
 * lockUser and the user's quota and charged bytes, read in the same statement
 * (one round trip fewer while the lock is held).
 */
export async function lockedQuota(trx: Db, dialect: Dialect, userId: number): Promise<{ storage_quota_bytes: number | null; used_bytes: number }> {
  const query = trx.selectFrom('users').select(['storage_quota_bytes', 'used_bytes']).where('id', '=', userId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
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
