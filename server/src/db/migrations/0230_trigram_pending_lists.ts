import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

const TRIGRAM_INDEXES = ['files_name_trigrams', 'file_tags_tag_trigrams'];

/** In kB: about 30 pages for a search to read, a few hundred new names per merge. */
export const PENDING_LIST_KB = 256;

/** Whether this schema holds the index `name` (PostgreSQL). */
export async function indexExists(db: Kysely<unknown>, name: string): Promise<boolean> {
  const { rows } = await sql`select 1 from pg_indexes where indexname = ${name} and schemaname = current_schema()`.execute(db);
  return rows.length > 0;
}

/**
 * A GIN index keeps new entries in a pending list that every search reads
 * through, until the list passes gin_pending_list_limit (4 MB by default) or
 * a vacuum merges it: after many uploads a name search read some 350 pages
 * of it, several milliseconds of each search. A small limit keeps that short
 * and still merges new names in batches. The list there now is merged once.
 */
export function trigramPendingLists(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const index of TRIGRAM_INDEXES) {
        // 0101 made no index where pg_trgm could not be had.
        if (!(await indexExists(db, index))) continue;
        await sql`alter index ${sql.id(index)} set (gin_pending_list_limit = ${sql.lit(PENDING_LIST_KB)})`.execute(db);
        await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
      }
    },
  };
}
