import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * What a user is charged: the distinct content of their own files. A second
 * copy of their own file is free; someone else's copy of the same content is
 * not, or the quota would reveal that another user holds it. Kept in
 * users.used_bytes by the transactions that add and release files, under the
 * user's lock, so reading it costs one row whatever the number of files.
 */
export async function charge(trx: Db, userId: number, bytes: number): Promise<void> {
  await trx.updateTable('users').set({ used_bytes: sql`used_bytes + ${bytes}` }).where('id', '=', userId).execute();
}

/** Whether the user already has a file with this content (then another copy costs nothing). */
export async function ownsContent(db: Db, userId: number, hash: string): Promise<boolean> {
  const row = await db.selectFrom('files').select('id').where('user_id', '=', userId).where('blob_hash', '=', hash).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether the user already has a file whose content starts with the bytes of this head hash (see storage/ingest.ts). */
export async function ownsContentStartingWith(db: Db, userId: number, headHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('files as f')
    .innerJoin('blobs as b', 'b.hash', 'f.blob_hash')
    .select('f.id')
    .where('f.user_id', '=', userId)
    .where('b.head_hash', '=', headHash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
