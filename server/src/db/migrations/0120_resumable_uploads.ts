import type { Kysely, Migration } from 'kysely';

/**
 * One row per unfinished resumable (tus) upload: what the client declared at
 * creation, how far the bytes have come, and what is needed to go on from
 * there on any instance — the incremental inspection (hash state, sniffed
 * type) and the store's own state (an S3 multipart upload's parts). The row
 * goes when the upload completes, is cancelled or expires. lock_token and
 * locked_until make one request at a time write to an upload, across
 * instances, without holding a database connection.
 */
export function resumableUploads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('resumable_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('upload_length', 'bigint', (c) => c.notNull())
        .addColumn('upload_offset', 'bigint', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull())
        .addColumn('folder_id', 'integer')
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('inspection', 'text', (c) => c.notNull())
        .addColumn('store_state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('lock_token', 'text')
        .addColumn('locked_until', 'bigint')
        .execute();
      await db.schema.createIndex('resumable_uploads_user').on('resumable_uploads').column('user_id').execute();
      await db.schema.createIndex('resumable_uploads_expires').on('resumable_uploads').column('expires_at').execute();
    },
  };
}
