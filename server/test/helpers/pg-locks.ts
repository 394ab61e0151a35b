import { sql } from 'kysely';
import type { Db } from '../../src/db/index.js';

/** Backends waiting, directly or behind another waiter, on a lock `pid` holds. */
export async function waitingBehind(db: Db, pid: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`with recursive behind (pid) as (
      select a.pid from pg_stat_activity a where ${pid}::int = any(pg_blocking_pids(a.pid))
      union select a.pid from pg_stat_activity a join behind b on b.pid = any(pg_blocking_pids(a.pid))
    ) select count(*)::int as n from behind`.execute(db);
  return rows[0]!.n;
}
