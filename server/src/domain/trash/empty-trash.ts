import { activityDetail } from '@vault/contract';
import type { TrashEmptied } from '@vault/contract';
import { collectLater } from '../files/release-files.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { eraseTrashIn } from './erase-trash.js';
import { announceTrashChange } from './trash-events.js';

/** DELETE /api/trash ("Empty trash"): everything in the caller's Trash goes for good, in one transaction. */
export async function emptyTrash(ctx: DomainContext, actor: Actor): Promise<TrashEmptied> {
  const erased = await ctx.db.transaction().execute((trx) => eraseTrashIn(trx, ctx.dialect, actor.id, Date.now(), activityDetail('fromTrash')));
  collectLater(ctx, erased.emptied);
  if (erased.files + erased.folders > 0) await announceTrashChange(ctx, actor.id);
  return { files: erased.files, folders: erased.folders, bytes: erased.bytes };
}
