import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { trigramSchema } from './0101_search_trigrams.js';
import { PENDING_LIST_KB } from './0230_trigram_pending_lists.js';

/**
 * PostgreSQL: each file's name folded as `lower()` folds it, stored beside the
 * name. A name search tests every name its trigram index proposes (the index
 * only narrows), and `lower()` under a libc locale such as C.UTF-8 or
 * en_US.UTF-8 converts every character through wide characters: 0.35 µs a
 * name, a third of a count of 16,667 matches. The stored fold is computed
 * once per write of a name, and the trigram index moves onto it, so the
 * names it proposes are tested without folding them again. SQLite's `lower()`
 * folds ASCII alone and costs little; it has its own trigram table (0250).
 */
export function foldedNames(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table files add column name_folded text generated always as (lower(original_name)) stored`.execute(db);
      // 0101 made no index where pg_trgm could not be had.
      const { rows } = await sql`select 1 from pg_indexes where indexname = 'files_name_trigrams' and schemaname = current_schema()`.execute(db);
      const schema = rows.length > 0 ? await trigramSchema(db) : undefined;
      if (!schema) return;
      await sql`drop index files_name_trigrams`.execute(db);
      await sql`create index files_name_trigrams on files using gin (name_folded ${sql.id(schema)}.gin_trgm_ops)
        with (gin_pending_list_limit = ${sql.lit(PENDING_LIST_KB)})`.execute(db);
    },
  };
}
