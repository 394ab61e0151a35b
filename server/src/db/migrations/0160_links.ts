import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Share links (kind 'share': a file or a folder, read-only) and file requests
 * (kind 'request': upload-only into a folder). A row outlives its revocation so
 * the owner still sees it, with its counts, as revoked; it goes with its item.
 * `version` grows with every change: grants carry it, so a change ends them.
 * Ids are never reused (AUTOINCREMENT on SQLite), as for files.
 */
export function links(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('links')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'serial', (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('share', 'request')`))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('file_id', 'integer', (c) => c.references('files.id').onDelete('cascade'))
        .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
        .addColumn('label', 'text')
        .addColumn('message', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('expires_at', 'bigint')
        .addColumn('allow_preview', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('max_downloads', 'integer')
        .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_files', 'integer')
        .addColumn('max_bytes', 'bigint')
        .addColumn('files_received', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bytes_received', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('revoked_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('links_user_created').on('links').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('links_file').on('links').column('file_id').execute();
      await db.schema.createIndex('links_folder').on('links').column('folder_id').execute();
    },
  };
}
