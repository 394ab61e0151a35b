import { CompiledQuery } from 'kysely';
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
