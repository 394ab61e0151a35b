import { sql } from 'kysely';
import type { AdminStatsResponse } from '@vault/contract';
import type { Db } from '../../db/index.js';

const DAY_MS = 86_400_000;
export const TIMELINE_DAYS = 30;

/** Uploads and downloads per UTC day, the last TIMELINE_DAYS days (today included), oldest first. */
export async function activityTimeline(db: Db, now = Date.now()): Promise<AdminStatsResponse['timeline']> {
  const firstDay = Math.floor(now / DAY_MS) - (TIMELINE_DAYS - 1);
  // Integer division of epoch milliseconds gives the UTC day on both SQLite and PostgreSQL (bigint).
  const { rows } = await sql<{ day: number; type: string; n: number }>`
    select at / ${sql.lit(DAY_MS)} as day, type, count(*) as n
    from activity
    where type in ('upload', 'download') and at >= ${firstDay * DAY_MS}
    group by 1, 2`.execute(db);
  const counts = new Map(rows.map((r) => [`${Number(r.day)}:${r.type}`, Number(r.n)]));
  return Array.from({ length: TIMELINE_DAYS }, (_, i) => {
    const day = firstDay + i;
    return {
      date: new Date(day * DAY_MS).toISOString().slice(0, 10),
      uploads: counts.get(`${day}:upload`) ?? 0,
      downloads: counts.get(`${day}:download`) ?? 0,
    };
  });
}
