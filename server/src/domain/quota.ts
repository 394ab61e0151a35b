import type { Db } from '../db/index.js';

/**
 * What a user is charged: the distinct content of their own files. A second
 * copy of their own file is free; someone else's copy of the same content is
 * not, or the quota would reveal that another user holds it.
 */
export async function chargedBytes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('blobs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('hash', 'in', (eb) => eb.selectFrom('files').select('blob_hash').where('user_id', '=', userId))
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
