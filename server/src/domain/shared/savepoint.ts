import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * Runs one part of a larger transaction whole or not at all: a part that
 * throws is rolled back to where it began, and the rest of the transaction
 * goes on (on PostgreSQL a failed statement would otherwise abort it all).
 * Not nested: one part at a time.
 */
export async function inSavepoint<T>(trx: Db, part: () => Promise<T>): Promise<T> {
  await sql`savepoint part`.execute(trx);
  try {
    const result = await part();
    await sql`release savepoint part`.execute(trx);
    return result;
  } catch (err) {
    await sql`rollback to savepoint part`.execute(trx);
    await sql`release savepoint part`.execute(trx);
    throw err;
  }
}
