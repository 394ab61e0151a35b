import { sentence, type TrashResults, type TrashSelection } from '@vault/contract';
import type { Db } from '../../db/index.js';
import { fileAudience, folderAudience } from '../access/audience.js';
import { quotaBytesOf } from '../accounts/users.js';
import { fileNameConflict } from '../files/names.js';
import { siblingConflict } from '../folders/folder-writes.js';
import type { Actor, DomainContext } from '../shared/context.js';
import type { Item } from '../shared/each-item.js';
import { QuotaExceeded } from '../shared/errors.js';
import { lockedQuota } from '../shared/locks.js';
import { freeName } from '../shared/sibling-names.js';
import { announceTrashChange } from './trash-events.js';
import { applyToTrash, type TrashChange } from './trash-selection.js';
import { liveParent, trashedFile, trashedFolder } from './trashed-items.js';

/** After commit: those who may see a restored item now see it appear again (their lists refetch), and the owner's Trash changed. */
async function announceRestore(ctx: DomainContext, ownerId: number, fileIds: number[], folderIds: number[]): Promise<void> {
  const at = new Date().toISOString();
  for (const id of folderIds) await ctx.events.publish({ event: { type: 'folder_created', folder_id: id, at }, audience: await folderAudience(ctx.db, id) });
  for (const id of fileIds) {
    const row = await ctx.db.selectFrom('files').select(['id', 'user_id', 'is_public', 'folder_id']).where('id', '=', id).executeTakeFirst();
    if (row) await ctx.events.publish({ event: { type: 'file_uploaded', file_id: id, at }, audience: await fileAudience(ctx.db, row) });
  }
  await announceTrashChange(ctx, ownerId);
}

/**
 * POST /api/trash/restore: each item goes back where it was, to the top
 * level when that folder is gone or in Trash, under the first free
 * "name (n).ext" when its name is taken there meanwhile; a folder brings back
 * exactly what went to Trash with it. Folders are restored first, so a file
 * restored with its folder goes back into it. Trashed files never stopped counting
 * in used_bytes, so restoring charges nothing more, but it is refused whole
 * (507) while the owner is over their quota (an admin lowered it meanwhile),
 * checked under the owner's lock.
 */
export async function restoreTrash(ctx: DomainContext, actor: Actor, selection: Required<TrashSelection>): Promise<TrashResults> {
  const now = Date.now();

  const restoreFile = async (trx: Db, id: number): Promise<TrashChange> => {
    const row = await trashedFile(trx, actor.id, id);
    const folderId = await liveParent(trx, actor.id, row.folder_id);
    const name = await freeName(trx, 'file', actor.id, folderId, row.original_name);
    try {
      await trx.updateTable('files').set({ trashed_at: null, trashed_with: null, folder_id: folderId, original_name: name, updated_at: now }).where('id', '=', id).execute();
    } catch (err) {
      throw fileNameConflict(err, name);
    }
    return { announce: (ctx) => announceRestore(ctx, actor.id, [id], []), extra: { name, folder_id: folderId } };
  };

  const restoreFolder = async (trx: Db, id: number): Promise<TrashChange> => {
    const row = await trashedFolder(trx, actor.id, id);
    const parentId = await liveParent(trx, actor.id, row.parent_id);
    const name = await freeName(trx, 'folder', actor.id, parentId, row.name);
    try {
      await trx.updateTable('folders').set({ trashed_at: null, trashed_with: null, parent_id: parentId, name, updated_at: now }).where('id', '=', id).execute();
    } catch (err) {
      throw siblingConflict(err, name);
    }
    const folders = await trx.updateTable('folders').set({ trashed_at: null, trashed_with: null }).where('trashed_with', '=', id).returning('id').execute();
    const files = await trx.updateTable('files').set({ trashed_at: null, trashed_with: null }).where('trashed_with', '=', id).returning('id').execute();
    return {
      announce: (ctx) => announceRestore(ctx, actor.id, files.map((f) => f.id), [id, ...folders.map((f) => f.id)]),
      extra: { name, folder_id: parentId },
    };
  };

  return applyToTrash(
    ctx,
    actor,
    selection,
    (trx, item: Item) => (item.kind === 'file' ? restoreFile(trx, item.id) : restoreFolder(trx, item.id)),
    {
      before: async (trx) => {
        const user = await lockedQuota(trx, ctx.dialect, actor.id);
        if (Number(user.used_bytes) > quotaBytesOf(ctx, user)) throw new QuotaExceeded(sentence('quotaExceededRestore'));
      },
      foldersFirst: true,
    },
  );
}
