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

/**
 * Reads the backends' CPU every `everyMs` until stopped, keeping each one's
 * last reading: a backend that ends meanwhile (the server's pool closes
 * connections idle for 10 s, as when a backlog of work after the responses
 * keeps one busy) still counts up to its last reading.
 */
export function watchBackendCpu(url: string, everyMs = 1000): { stop(): Promise<Map<number, number>> } {
  const seen = new Map<number, number>();
  const read = async () => {
    for (const [pid, seconds] of await backendCpu(url)) seen.set(pid, seconds);
  };
  let reading = read();
  const timer = setInterval(() => (reading = reading.then(read)), everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await reading;
      await read();
      return seen;
    },
  };
}
