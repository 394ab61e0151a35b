import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The count of a large scope's text search (domain/files/search.ts) reaches
 * files from the index of what matched, then tests each file's owner and Trash
 * (and, for a content match, its name): read from each file's row, about a
 * microsecond per file on SQLite, most of those arms' time. These indexes hold
 * what is tested, so the arms read them alone:
 * - `files_text` also holds the owner, Trash and the lowered name (as the
 *   search compares it), for the files of the matching texts. Still led by
 *   `text_id`, so the links' triggers and `on delete set null` find a text's
 *   files as before.
 * - `files_id_scope`, the owner and Trash by id, for the files of the
 *   matching names (the trigram index of 0250 gives their ids).
 */
export function searchCoveringIndexes(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`drop index files_text`.execute(db);
      await sql`create index files_text on files (text_id, user_id, trashed_at, lower(original_name))`.execute(db);
      await sql`create index files_id_scope on files (id, user_id, trashed_at)`.execute(db);
    },
  };
}
