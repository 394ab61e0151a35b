import type { Folder } from '@vault/contract';
import { folderAudience } from '../access/audience.js';
import { ownedFolder } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { lockUser } from '../shared/locks.js';
import { assertShareable, recordShareChange, replaceShares, resolveUsernames } from '../sharing/shares.js';
import { folderDto } from './dto.js';
import { assertPlaceable, PARENT_NOT_FOUND, publishFolderEvent, siblingConflict } from './folder-writes.js';

export interface FolderChange {
  name?: string | undefined;
  parent_id?: number | null | undefined;
  is_public?: boolean | undefined;
  shared_users?: string[] | undefined;
}

/**
 * The owner renames a folder, moves it, changes its visibility or replaces
 * the users it is shared with by name. As for files, named users only while
 * private: making a folder public drops them.
 */
export async function updateFolder(ctx: DomainContext, actor: Actor, { folderId, change }: { folderId: number; change: FolderChange }): Promise<Folder> {
  const current = await ownedFolder(ctx.db, actor.id, folderId);
  // Asked for: refused before any name is looked up. Kept as it is: checked against the row read under the lock.
  if (change.is_public !== undefined) assertShareable('folder', change.is_public, change.shared_users ?? []);
  const users = change.shared_users === undefined ? undefined : await resolveUsernames(ctx.db, change.shared_users, actor.id);
  const before = await folderAudience(ctx.db, folderId);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, ctx.dialect, actor.id);
      const row = await ownedFolder(trx, actor.id, folderId);
      // Read under the lock: a share changed meanwhile by another request is kept, not written back.
      const isPublic = change.is_public ?? row.is_public === 1;
      if (change.is_public === undefined) assertShareable('folder', isPublic, change.shared_users ?? []);
      if (change.parent_id) {
        await ownedFolder(trx, actor.id, change.parent_id, PARENT_NOT_FOUND);
        await assertPlaceable(trx, folderId, change.parent_id);
      }
      await trx
        .updateTable('folders')
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.parent_id !== undefined ? { parent_id: change.parent_id } : {}),
          is_public: isPublic ? 1 : 0,
          updated_at: Date.now(),
        })
        .where('id', '=', folderId)
        .execute();
      if (isPublic || users !== undefined) await replaceShares(trx, 'folder', folderId, users ?? []);
      if (change.is_public !== undefined || users !== undefined) {
        await recordShareChange(trx, actor, { kind: 'folder', id: folderId, name: change.name ?? row.name }, isPublic, users ?? []);
      }
    });
  } catch (err) {
    throw siblingConflict(err, change.name ?? current.name);
  }
  await publishFolderEvent(ctx, 'folder_updated', folderId, before);
  return folderDto(ctx.db, viewerOf(actor), folderId);
}
