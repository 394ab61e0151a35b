import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Account security: a user can be disabled or made to change their password,
 * signs in with a second factor (TOTP, plus single-use recovery codes kept as
 * hashes), and sees where their sessions were opened and last used.
 */
export function accountSecurity(dialect: Dialect): Migration {
  const idType = dialect === 'sqlite' ? 'integer' : 'serial';
  return {
    async up(db: Kysely<unknown>) {
      // One ALTER per column: SQLite adds a single column per statement.
      await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
      await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
      await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
      await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
      await db.schema.alterTable('sessions').addColumn('address', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();

      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
    },
  };
}
