import { sql } from 'kysely';
import type { Db, Dialect } from '../db/index.js';

/**
 * Serialises one user's structural changes (uploads, file moves, folder
 * creation, moves and deletes) on PostgreSQL, so that a folder cannot vanish
 * between the check that it exists and the write that points into it, nor two
 * moves build a cycle together. SQLite runs one transaction at a time already.
 */
export async function lockUser(trx: Db, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
}
