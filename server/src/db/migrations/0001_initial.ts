import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/** The whole first schema, with an index for every search sort. */
export function initial(dialect: Dialect): Migration {
  // AUTOINCREMENT on SQLite: a deleted file's id must never be handed to a new
  // file, or old links and shares would open someone else's content.
  const idType = dialect === 'sqlite' ? 'integer' : 'serial';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, idColumn)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('storage_quota_bytes', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_username_lower').unique().on('users').expression(sql`lower(username)`).execute();
      await db.schema.createIndex('users_email_lower').unique().on('users').expression(sql`lower(email)`).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('blobs')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('ref_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('orphaned_at', 'bigint')
        .execute();
      await db.schema.createIndex('blobs_orphaned').on('blobs').column('orphaned_at').execute();

      await db.schema
        .createTable('folders')
        .addColumn('id', idType, idColumn)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('folders.id'))
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('folders_sibling_name')
        .unique()
        .on('folders')
        .expression(sql`user_id, coalesce(parent_id, 0), lower(name)`)
        .execute();
      await db.schema.createIndex('folders_parent').on('folders').column('parent_id').execute();
      await db.schema.createIndex('folders_user_created').on('folders').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('folder_shares')
        .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('folder_shares_pk', ['folder_id', 'user_id'])
        .execute();
      await db.schema.createIndex('folder_shares_user').on('folder_shares').column('user_id').execute();

      await db.schema
        .createTable('files')
        .addColumn('id', idType, idColumn)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash'))
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('file_size', 'bigint', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('folder_id', 'integer', (c) => c.references('folders.id'))
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // One index per sort the search panel offers, led by the owner; the id
      // breaks ties so pages are stable.
      for (const [name, cols] of [
        ['files_user_created', sql`user_id, created_at, id`],
        ['files_user_size', sql`user_id, file_size, id`],
        ['files_user_downloads', sql`user_id, download_count, id`],
        ['files_user_name', sql`user_id, lower(original_name), id`],
        ['files_user_mime', sql`user_id, mime_type`],
        ['files_user_blob', sql`user_id, blob_hash`],
        ['files_public_created', sql`is_public, created_at, id`],
        ['files_folder', sql`folder_id`],
        ['files_blob', sql`blob_hash`],
        ['files_downloads', sql`download_count`],
        ['files_created', sql`created_at`],
      ] as const) {
        await db.schema.createIndex(name).on('files').expression(cols).execute();
      }

      await db.schema
        .createTable('file_tags')
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('tag', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('file_tags_pk', ['file_id', 'tag'])
        .execute();
      await db.schema.createIndex('file_tags_tag').on('file_tags').expression(sql`lower(tag), file_id`).execute();

      await db.schema
        .createTable('file_shares')
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('file_shares_pk', ['file_id', 'user_id'])
        .execute();
      await db.schema.createIndex('file_shares_user').on('file_shares').column('user_id').execute();

      await db.schema
        .createTable('activity')
        .addColumn('id', idType, idColumn)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('file_id', 'integer')
        .addColumn('file_name', 'text')
        .addColumn('detail', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('activity_at').on('activity').column('at').execute();
      await db.schema.createIndex('activity_type_at').on('activity').columns(['type', 'at']).execute();
    },
  };
}
