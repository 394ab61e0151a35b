import type { Kysely, Migration } from 'kysely';

/**
 * A resumable upload's row outlives its completion until it expires, marked
 * completed_at with the file it became (file_id; null while the completing
 * request still commits it). A client whose reply to the last PATCH was lost
 * asks again (HEAD) and hears that the upload is complete instead of sending
 * the file a second time.
 */
export function finishedUploads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('resumable_uploads').addColumn('completed_at', 'bigint').execute();
      await db.schema.alterTable('resumable_uploads').addColumn('file_id', 'integer').execute();
    },
  };
}
