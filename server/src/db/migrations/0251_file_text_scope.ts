import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The content arm of a search's count (domain/files/search.ts) reaches the
 * files of each matching text through `files_text`, then tested each one's
 * owner, Trash and name in its row: about a microsecond per file, most of that
 * arm's time on SQLite. With those in the index too (the name lowered, as the
 * search compares it), the arm reads the index alone. Still led by `text_id`,
 * so the links' triggers and `on delete set null` find a text's files as before.
 */
export function fileTextScope(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`drop index files_text`.execute(db);
      await sql`create index files_text on files (text_id, user_id, trashed_at, lower(original_name))`.execute(db);
    },
  };
}
