import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * A file's figures (how many of its owner's files hold its content, whether
 * an older one does) count the owner's files of one hash that are not in
 * Trash. On PostgreSQL the sibling-name index is also partial on "not in
 * Trash" and leads with the owner, and before there are statistics of
 * `files` (a new installation, a table that grew faster than autovacuum
 * looked) the planner took it for those counts: every file of the owner read,
 * per file answered. An index on owner and hash under the same condition is
 * the better match whatever the statistics say. SQLite's planner, without
 * statistics, prefers the index with more equalities: it has no need of it.
 */
export function liveContentIndex(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await db.schema.createIndex('files_user_blob_live').on('files').columns(['user_id', 'blob_hash']).where(sql.ref('trashed_at'), 'is', null).execute();
    },
  };
}
