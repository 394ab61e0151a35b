import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

const NON_NEGATIVE = [
  ['blobs', 'ref_count'],
  ['users', 'used_bytes'],
] as const;

/**
 * Reference counts and charged bytes never go below zero, and the database
 * itself now refuses it, so a bug fails loudly instead of corrupting quietly.
 * Both are first recomputed from the rows: concurrent deletes could release a
 * file more than once and leave them negative.
 */
export function storageCountsChecked(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update blobs set ref_count = (select count(*) from files f where f.blob_hash = blobs.hash)`.execute(db);
      await sql`update blobs set orphaned_at = coalesce(orphaned_at, ${Date.now()}) where ref_count = 0`.execute(db);
      await sql`update users set used_bytes = (select coalesce(sum(b.size), 0) from blobs b
        where exists (select 1 from files f where f.user_id = users.id and f.blob_hash = b.hash))`.execute(db);
      for (const [table, column] of NON_NEGATIVE) {
        if (dialect === 'postgres') {
          await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_non_negative`)} check (${sql.ref(column)} >= 0)`.execute(db);
          continue;
        }
        // SQLite cannot add a CHECK to an existing table, and rebuilding users
        // and blobs would need foreign keys switched off (impossible inside a
        // transaction) and a copy of every row. Triggers refuse the same
        // writes at no cost to existing rows; RAISE(ABORT) fails the statement
        // and undoes it, as a CHECK would.
        for (const [event, name] of [['insert', 'insert'], [`update of ${column}`, 'update']] as const) {
          await sql`create trigger ${sql.id(`${table}_${column}_non_negative_${name}`)} before ${sql.raw(event)} on ${sql.table(table)}
            when new.${sql.ref(column)} < 0
            begin select raise(abort, ${sql.lit(`${table}.${column} must not be negative`)}); end`.execute(db);
        }
      }
    },
  };
}
