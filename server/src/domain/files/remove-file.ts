import type { FileRow } from '../../db/schema.js';
import { fileAudience } from '../access/audience.js';
import { FILE_NOT_FOUND } from '../access/rules.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { collectLater, releaseFiles } from './release-files.js';

/**
 * The row was read (and the caller's right to delete it checked) before the
 * transaction; inside it, the DELETE decides: a racing delete that took the
 * row first leaves this one with nothing to release, and a 404.
 */
export async function removeFile(ctx: DomainContext, actor: Actor, row: FileRow, asAdmin: boolean): Promise<void> {
  const audience = await fileAudience(ctx.db, row);
  const released = await ctx.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const released = await releaseFiles(trx, ctx.dialect, [row], now);
    const gone = released.files[0];
    if (!gone) throw new NotFound(FILE_NOT_FOUND);
    const owner = asAdmin ? await trx.selectFrom('users').select('username').where('id', '=', row.user_id).executeTakeFirst() : undefined;
    await recordActivity(
      trx,
      {
        type: asAdmin ? 'admin_delete' : 'delete',
        userId: actor.id,
        fileId: gone.id,
        fileName: gone.original_name,
        detail: owner ? `owner: ${owner.username}` : null,
      },
      now,
    );
    return released;
  });
  collectLater(ctx, released.emptied);
  await ctx.events.publish({ event: { type: 'file_deleted', file_id: row.id, at: new Date().toISOString() }, audience });
}
