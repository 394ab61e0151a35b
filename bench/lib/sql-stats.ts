// Summaries of the statement timings that lib/sql-timing.mjs records in the server.

export interface StatementStats {
  count: number;
  ms: number;
  maxMs: number;
}

/** One stretch between two phase edges: time per SQL shape. */
export interface SqlSegment {
  statements: Record<string, StatementStats>;
}

/** The statements that took the most time in a segment, as a Markdown table; shares are of `wallMs`. */
export function formatSqlSegment(title: string, segment: SqlSegment, wallMs: number, top = 15): string {
  const entries = Object.entries(segment.statements).sort((a, b) => b[1].ms - a[1].ms);
  const total = entries.reduce((sum, [, s]) => sum + s.ms, 0);
  const share = (ms: number) => `${((ms / wallMs) * 100).toFixed(1)}%`;
  return [
    `### ${title}`,
    '',
    `SQLite statements ran ${(total / 1000).toFixed(1)} s on the event loop: ${share(total)} of ${(wallMs / 1000).toFixed(1)} s.`,
    '',
    '| Statement | Runs | Time | Share | Average | Max |',
    '|---|---|---|---|---|---|',
    ...entries
      .slice(0, top)
      .map(([sql, s]) => `| \`${sql.replaceAll('|', '\\|')}\` | ${s.count} | ${s.ms.toFixed(0)} ms | ${share(s.ms)} | ${(s.ms / s.count).toFixed(3)} ms | ${s.maxMs.toFixed(1)} ms |`),
    '',
  ].join('\n');
}
