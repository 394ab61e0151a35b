import type { Kysely, Migration } from 'kysely';

/**
 * How a transfer without an account came, in columns of its own (contract's
 * ActivityVia): `via` ('share_link' or 'file_request'), the link's id and
 * label as they were, and the name a request's visitor gave. Before, it was
 * English in `detail` ("via file request "Scans" from Bob"), which the admin's
 * activity could only show as it was, under a sentence naming the owner as
 * the uploader. Older rows keep their `detail` and no `via`.
 */
export function activityVia(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('activity').addColumn('via', 'text').execute();
      await db.schema.alterTable('activity').addColumn('via_link_id', 'integer').execute();
      await db.schema.alterTable('activity').addColumn('via_label', 'text').execute();
      await db.schema.alterTable('activity').addColumn('visitor', 'text').execute();
    },
  };
}
