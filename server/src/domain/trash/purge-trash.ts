import { activityDetail } from '@vault/contract';
import { collectLater } from '../files/release-files.js';
import type { DomainContext } from '../shared/context.js';
import { eraseTrashIn } from './erase-trash.js';
import { announceTrashChange } from './trash-events.js';
import { DAY_MS } from './trashed-items.js';

/** Items a purge transaction deletes at most, of each kind, so that no transaction holds an owner's lock for long. */
const BATCH = 200;
/** Batches one maintenance round runs at most; the next round goes on. */
const MAX_BATCHES = 50;

/**
 * The maintenance pass: items in Trash for TRASH_DAYS or more go for good
 * (with TRASH_DAYS at 0, whatever is left in Trash), releasing their content
 * exactly as the permanent delete does, one owner and one bounded batch per
 * transaction. Returns how many files and folders went.
 */
export async function purgeTrash(ctx: DomainContext, now: number): Promise<number> {
  const before = now - ctx.settings.trashDays * DAY_MS;
  let purged = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const owners = await ctx.db
      .selectFrom('files')
      .select('user_id')
      .where('trashed_at', '<', before)
      .where('trashed_with', 'is', null)
      .union(ctx.db.selectFrom('folders').select('user_id').where('trashed_at', '<', before).where('trashed_with', 'is', null))
      .limit(BATCH)
      .execute();
    if (owners.length === 0) break;
    for (const { user_id } of owners) {
      const erased = await ctx.db.transaction().execute((trx) => eraseTrashIn(trx, ctx.dialect, user_id, now, activityDetail('purgedFromTrash', { count: ctx.settings.trashDays }), before, BATCH));
      collectLater(ctx, erased.emptied);
      if (erased.files + erased.folders > 0) await announceTrashChange(ctx, user_id);
      purged += erased.files + erased.folders;
    }
  }
  return purged;
}
