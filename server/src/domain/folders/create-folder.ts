import type { Folder } from '@vault/contract';
import { ownedFolder } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { lockUser } from '../shared/locks.js';
import { folderDto } from './dto.js';
import { assertRoomBelow, PARENT_NOT_FOUND, publishFolderEvent, siblingConflict } from './folder-writes.js';

export interface FolderInput {
  name: string;
  parent_id?: number | null | undefined;
  is_public?: boolean | undefined;
}

/** A new folder, under one of the caller's folders or at the top level. */
export async function createFolder(ctx: DomainContext, actor: Actor, input: FolderInput): Promise<Folder> {
  let id = 0;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, ctx.dialect, actor.id);
      if (input.parent_id) {
        await ownedFolder(trx, actor.id, input.parent_id, PARENT_NOT_FOUND);
        await assertRoomBelow(trx, input.parent_id);
      }
      const now = Date.now();
      const row = await trx
        .insertInto('folders')
        .values({ user_id: actor.id, name: input.name, parent_id: input.parent_id ?? null, is_public: input.is_public ? 1 : 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    });
  } catch (err) {
    throw siblingConflict(err, input.name);
  }
  await publishFolderEvent(ctx, 'folder_created', id);
  return folderDto(ctx.db, viewerOf(actor), id);
}
