import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Where pg_trgm lives once it is installed, or undefined when this database cannot have it. */
export async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () =>
    (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  const existing = await installed();
  if (existing) return existing;
  // The migration runs in a transaction: a refused CREATE EXTENSION (not
  // available, or not allowed to this role) must not abort it.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    // In public, not in Vault's own schema: the extension belongs to the whole
    // database, and dropping one Vault schema must not take it from the others.
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return undefined;
  }
  return installed();
}

/**
 * Name and tag searches look for a substring (lower(...) LIKE '%text%'), which
 * no B-tree helps. On PostgreSQL with pg_trgm, trigram indexes answer them
 * without reading every row; without the extension, searches stay correct,
 * only slower. SQLite scans a user's files fast enough on its own.
 */
export function searchTrigrams(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const schema = await trigramSchema(db);
      if (!schema) return;
      const ops = sql`${sql.id(schema)}.gin_trgm_ops`;
      await sql`create index files_name_trigrams on files using gin (lower(original_name) ${ops})`.execute(db);
      await sql`create index file_tags_tag_trigrams on file_tags using gin (lower(tag) ${ops})`.execute(db);
    },
  };
}
