import type { Kysely, Migration } from 'kysely';

/**
 * A resumable upload a visitor makes through a file request: `link_id` names
 * the link, the only way to reach the upload (its files, quota and activity are
 * still the owner's, `user_id`), and `uploader_name` the name the visitor gave,
 * for the owner's activity once the file arrives. Both are null for a user's own uploads.
 * No foreign key: on a new database this runs before the links table exists
 * (migrations go in name order). A link's row goes only with its owner (whose
 * uploads go too) or its folder: its unfinished uploads are then reachable no
 * more and go at their expiry, as any other.
 */
export function linkUploads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('resumable_uploads').addColumn('link_id', 'integer').execute();
      await db.schema.alterTable('resumable_uploads').addColumn('uploader_name', 'text').execute();
      await db.schema.createIndex('resumable_uploads_link').on('resumable_uploads').column('link_id').execute();
    },
  };
}
