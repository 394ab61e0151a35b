import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * PostgreSQL: a charge against a user's quota applied as the transaction
 * commits. An upload inserts its charge into `quota_charges`; a deferred
 * trigger then adds it to `users.used_bytes`, refuses it past the quota
 * (`coalesce(storage_quota_bytes, default_quota)`, read from the row it
 * updated, so exact however many charges race), and deletes the charge row.
 * The update's row lock is held from there to the end of the commit alone:
 * charged earlier in the transaction, it was held across the round trips
 * that followed, and one user's uploads queued on it (a burst of 4 KiB files
 * spent 3 to 5 ms per file waiting). SQLite runs one writer at a time and
 * charges in place.
 */
export function quotaChargesAtCommit(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table quota_charges (
        id bigint generated always as identity primary key,
        user_id integer not null references users (id) on delete cascade,
        bytes bigint not null,
        default_quota bigint not null
      )`.execute(db);
      await sql`create function quota_charges_apply() returns trigger language plpgsql as $$
        declare
          used bigint;
          quota bigint;
        begin
          update users set used_bytes = used_bytes + new.bytes where id = new.user_id
            returning used_bytes, coalesce(storage_quota_bytes, new.default_quota) into used, quota;
          delete from quota_charges where id = new.id;
          if used > quota then
            raise exception 'storage quota exceeded' using errcode = 'check_violation', constraint = 'quota_charges_within_quota';
          end if;
          return null;
        end $$`.execute(db);
      await sql`create constraint trigger quota_charges_apply after insert on quota_charges
        deferrable initially deferred for each row execute function quota_charges_apply()`.execute(db);
    },
  };
}
