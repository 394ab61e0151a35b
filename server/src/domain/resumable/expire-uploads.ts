import type { DomainContext } from '../shared/context.js';
import { discardUploadObject } from './uploads.js';

/**
 * Maintenance: unfinished uploads past their expiry go with their bytes. One
 * still receiving bytes (its lock alive) is left for a later round; each row
 * goes by a conditional DELETE, so a request that takes the lock meanwhile
 * wins and nothing of it is removed.
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
      .returning(['storage_key', 'store_state'])
      .executeTakeFirst();
    if (!gone) continue;
    await discardUploadObject(ctx, gone);
    removed += 1;
  }
  return removed;
}
