import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Earlier contents of a file, kept when an upload replaced it (or a restore
 * made an older one current again). Each version holds a reference to its
 * blob like a file does, so content unchanged between versions, or shared
 * with other files, is stored once; `user_id` is the file's owner, whom the
 * version is charged to. A version goes only through the code that releases
 * its reference: no cascade from its file, so a file deleted any other way
 * fails loudly instead of leaking references.
 *
 * `content_refs` is every reference a user holds to content, files and
 * versions alike: what the quota charges (distinct content) and what the
 * reference counts count.
 */
export function fileVersions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('file_versions')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'serial', (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash'))
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('file_versions_file').on('file_versions').columns(['file_id', 'id']).execute();
      await db.schema.createIndex('file_versions_user_blob').on('file_versions').columns(['user_id', 'blob_hash']).execute();
      await db.schema.createIndex('file_versions_blob').on('file_versions').column('blob_hash').execute();
      // When the current content was uploaded; null: with the file itself (created_at).
      await db.schema.alterTable('files').addColumn('content_at', 'bigint').execute();
      await sql`create view content_refs as
        select user_id, blob_hash, file_size as size from files
        union all
        select user_id, blob_hash, size from file_versions`.execute(db);
    },
  };
}
