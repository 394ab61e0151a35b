import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './dialect.js';
import type { Database } from './schema.js';
import { readingThreadOf } from './sqlite-reads.js';

/**
 * In a statement run after another (readThen), where the JSON array of the
 * `id`s of the first's rows goes. A plain object: the thread knows it by shape.
 */
export const IDS_OF_FIRST = { idsOfFirst: true } as const;

export const isIdsOfFirst = (value: unknown): boolean => typeof value === 'object' && value !== null && 'idsOfFirst' in value;

/** A subquery of the ids in a JSON array of ids (a parameter), as rows of `id`. */
export function idsOfJson(json: unknown, dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`select value::bigint as id from jsonb_array_elements_text(${json}::jsonb) as value` : sql`select value as id from json_each(${json})`;
}

/** `column` is among the ids of the first statement's rows (readThen). */
export function amongIdsOfFirst(column: RawBuilder<unknown>, dialect: Dialect): RawBuilder<SqlBool> {
  const ids = idsOfJson(IDS_OF_FIRST, dialect);
  // PostgreSQL: an array built once, so the ids are looked up by key (with `in (select …)` it
  // hashed the ids and read every file).
  return dialect === 'postgres' ? sql<SqlBool>`${column} = any(array(${ids}))` : sql<SqlBool>`${column} in (${ids})`;
}

/**
 * Runs `first`, then each of `then` with the JSON array of the `id`s of the
 * first's rows in place of IDS_OF_FIRST. On SQLite's reading thread, all at
 * one hand-over: the event loop takes one turn for them, not one each; on any
 * other connection, one after the other.
 */
export async function readThen<A extends { id: number }>(db: Kysely<Database>, first: CompiledQuery<A>, then: readonly CompiledQuery[]): Promise<{ rows: A[]; then: unknown[][] }> {
  const thread = readingThreadOf(db);
  if (thread) {
    const answer = await thread.read(first, then);
    return { rows: answer.rows as A[], then: answer.then };
  }
  const { rows } = await db.executeQuery(first);
  const ids = JSON.stringify(rows.map((row) => row.id));
  const after: unknown[][] = [];
  for (const next of then) after.push((await db.executeQuery({ ...next, parameters: next.parameters.map((p) => (isIdsOfFirst(p) ? ids : p)) })).rows);
  return { rows, then: after };
}
