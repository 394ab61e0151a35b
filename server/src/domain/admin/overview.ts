import { sql, type SqlBool } from 'kysely';
import type { AdminFileSearch, AdminFilesResponse, AdminStatsResponse, TopFile } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { Actor } from '../shared/context.js';
import { searchFiles } from '../files/search.js';
import { systemStorage } from '../stats/storage-stats.js';

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

/** GET /api/admin/stats: global figures, deduplication included, and the 30-day timeline. */
export async function adminStats(db: Db): Promise<AdminStatsResponse> {
  const storage = await systemStorage(db);
  const counts = await db
    .selectFrom('files')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('download_count'), eb.lit(0)).as('downloads'),
      eb.fn.countAll<number>().filterWhere('is_public', '=', 1).as('public_files'),
    ])
    .executeTakeFirstOrThrow();
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return {
    stats: {
      total_files: storage.file_count,
      total_users: Number(users.n),
      total_storage_bytes: storage.total_storage_bytes,
      logical_storage_bytes: storage.original_storage_bytes,
      savings_bytes: storage.savings_bytes,
      savings_percentage: storage.savings_percentage,
      total_downloads: Number(counts.downloads),
      public_files: Number(counts.public_files),
    },
    timeline: await activityTimeline(db),
  };
}

/** GET /api/admin/files: every file with its uploader, reference counts global. */
export async function listAllFiles(db: Db, admin: Actor, criteria: AdminFileSearch): Promise<AdminFilesResponse> {
  const { page, limit, sort_by, sort_order, search } = criteria;
  const { files, total } = await searchFiles(db, { id: admin.id, isAdmin: true }, sql<SqlBool>`1 = 1`, { search }, { page, limit, sort_by, sort_order });
  return { files, total };
}

/** GET /api/admin/files/top: the most downloaded files; never-downloaded files are not ranked. */
export async function topFiles(db: Db, limit: number): Promise<TopFile[]> {
  const rows = await db
    .selectFrom('files as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.original_name', 'u.username', 'f.download_count', 'f.file_size'])
    .where('f.download_count', '>', 0)
    .orderBy('f.download_count', 'desc')
    .orderBy('f.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, download_count: Number(r.download_count), file_size: Number(r.file_size) }));
}
