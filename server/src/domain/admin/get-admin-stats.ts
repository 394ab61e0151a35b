import type { AdminStatsResponse } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { systemStorage } from '../stats/storage-figures.js';
import { activityTimeline } from './activity-timeline.js';

/**
 * Figures over the whole system, deduplication included (files in Trash are
 * still stored: they count, but a trashed public file is not public), and the
 * last TIMELINE_DAYS days of activity.
 */
export async function getAdminStats(ctx: DomainContext, _admin: Actor): Promise<AdminStatsResponse> {
  // Whole-system figures read every file: off the event loop.
  const db = ctx.reads;
  const storage = await systemStorage(db);
  const counts = await db
    .selectFrom('files')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('download_count'), eb.lit(0)).as('downloads'),
      eb.fn.countAll<number>().filterWhere((w) => w.and([w('is_public', '=', 1), w('trashed_at', 'is', null)])).as('public_files'),
    ])
    .executeTakeFirstOrThrow();
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return {
    stats: {
      total_files: storage.file_count,
      trash_files: storage.trash_file_count,
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
