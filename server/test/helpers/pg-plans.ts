import { CompiledQuery, sql } from 'kysely';
import { settled } from './files.js';
import type { SentStatement } from './pg-statements.js';
import type { TestServer } from './server.js';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows of `files` a plan's nodes read, kept or filtered away. */
function filesRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'files'
      ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + filesRowsRead(child), 0);
}

/** PostgreSQL's plan of a statement as sent, as EXPLAIN prints it. */
export async function planOf(t: TestServer, statement: SentStatement): Promise<string> {
  const { rows } = await t.server.ctx.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${statement.text}`, statement.values));
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Rows of `files` a statement reads when PostgreSQL runs it again as sent (EXPLAIN ANALYZE). */
export async function filesRowsReadBy(t: TestServer, statement: SentStatement): Promise<number> {
  const plan = CompiledQuery.raw(`explain (analyze, format json) ${statement.text}`, statement.values);
  const { rows } = await t.server.ctx.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(plan);
  return filesRowsRead(rows[0]!['QUERY PLAN'][0].Plan);
}

/** How long settle waits, at most, for the snapshots that keep VACUUM from marking pages (a tenth of a second each). */
const SETTLE_ATTEMPTS = 100;

/**
 * `files` as autovacuum leaves it some time after a bulk insert: analysed, and
 * every page marked all-visible, which index-only scans need to skip the rows.
 * VACUUM leaves a page unmarked while any transaction of the database holds a
 * snapshot older than its rows (an autovacuum worker, the server's background
 * work; other suites' servers do not share the database of a suite run by
 * describePostgresInOwnDatabase), so it is run again until the visibility map covers
 * every page.
 */
export async function settleFiles(t: TestServer): Promise<void> {
  const { db } = t.server.ctx;
  // The server's own work after an upload (its text read, its row updated) first: it is awaited, not waited out.
  await settled(t);
  for (let attempt = 1; ; attempt++) {
    await sql`vacuum analyze files`.execute(db);
    const { rows } = await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible from pg_class where oid = 'files'::regclass`.execute(db);
    const { pages, visible } = rows[0]!;
    if (visible >= pages) return;
    if (attempt === SETTLE_ATTEMPTS) {
      const { rows: holders } = await sql`select pid, state, backend_xmin::text, left(query, 120) as query from pg_stat_activity where datname = current_database() and backend_xmin is not null and pid <> pg_backend_pid()`.execute(db);
      throw new Error(`files: ${visible} of ${pages} pages all-visible after ${attempt} vacuums; snapshots held: ${JSON.stringify(holders)}`);
    }
    // Nothing announces that another transaction's snapshot is gone: look again shortly.
    await sql`select pg_sleep(0.1)`.execute(db);
  }
}
