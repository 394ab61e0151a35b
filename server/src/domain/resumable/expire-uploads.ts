import type { DomainContext } from '../shared/context.js';
import { discardUploadObject } from './uploads.js';

/**
 * Maintenance: uploads past their expiry go. An unfinished one's bytes go
 * with it; a completed one's object belongs to its file (or went with a
 * failed commit), so only its row goes. One still receiving bytes (its lock
 * alive) is left for a later round; each row goes by a conditional DELETE,
 * so a request that takes the lock meanwhile wins and nothing of it is removed.
 */
export async function expireResumableUploads(ctx: DomainContext, now = Date.now()): Promise<number> {
  const expired = await ctx.db.selectFrom('resumable_uploads').select('id').where('expires_at', '<=', now).execute();
  let removed = 0;
  for (const { id } of expired) {
    const gone = await ctx.db
      .deleteFrom('resumable_uploads')
      .where('id', '=', id)
      .where('expires_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['storage_key', 'store_state', 'completed_at'])
      .executeTakeFirst();
    if (!gone) continue;
    if (gone.completed_at === null) await discardUploadObject(ctx, gone);
    removed += 1;
  }
  return removed;
}
