import pg from 'pg';
import { cpuSecondsOf } from './server.js';

/** CPU seconds used so far by each PostgreSQL backend serving the database at `url` (other than this query's own). */
export async function backendCpu(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuSecondsOf(pid));
      } catch {
        // The backend ended between the query and the read.
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** CPU seconds the backends used between two readings; a backend that ended in between is missed. */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
