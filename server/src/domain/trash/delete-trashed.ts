import type { TrashResults, TrashSelection } from '@vault/contract';
import { announceFolderRemoval, eraseFolderIn } from '../folders/delete-folder.js';
import { announceFileRemoval, removeFileIn } from '../files/remove-file.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { applyToTrash } from './trash-selection.js';
import { trashedFile, trashedFolder } from './trashed-items.js';

/**
 * POST /api/trash/delete ("Delete forever"): each item goes for good, a
 * folder with what went to Trash with it, releasing content exactly as the
 * permanent delete does.
 */
export async function deleteFromTrash(ctx: DomainContext, actor: Actor, selection: Required<TrashSelection>): Promise<TrashResults> {
  const now = Date.now();
  return applyToTrash(ctx, actor, selection, async (trx, item) => {
    if (item.kind === 'file') {
      const removal = await removeFileIn(trx, ctx.dialect, actor, await trashedFile(trx, actor.id, item.id), { toTrash: false }, now);
      return { announce: (ctx) => announceFileRemoval(ctx, removal) };
    }
    const removal = await eraseFolderIn(trx, ctx.dialect, actor.id, await trashedFolder(trx, actor.id, item.id), now);
    return { announce: (ctx) => announceFolderRemoval(ctx, removal) };
  });
}
