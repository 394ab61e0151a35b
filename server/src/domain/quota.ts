import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * What a user is charged, as an SQL expression over a user id (a value or a
 * column): the distinct content of their own files. A second copy of their own
 * file is free; someone else's copy of the same content is not, or the quota
 * would reveal that another user holds it.
 */
export function chargedBytesOf(userId: number | RawBuilder<unknown>) {
  return sql<number>`(select coalesce(sum(b.size), 0) from blobs b
    where b.hash in (select cf.blob_hash from files cf where cf.user_id = ${userId}))`;
}

export async function chargedBytes(db: Db, userId: number): Promise<number> {
  const { rows } = await sql<{ bytes: number }>`select ${chargedBytesOf(userId)} as bytes`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}
