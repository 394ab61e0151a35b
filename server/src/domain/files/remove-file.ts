import { activityDetail } from '@vault/contract';
import type { Db, Dialect } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';
import type { Audience } from '../../events/bus.js';
import { fileAudience, NOBODY } from '../access/audience.js';
import { FILE_NOT_FOUND } from '../access/rules.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { lockUser } from '../shared/locks.js';
import { announceTrashChange } from '../trash/trash-events.js';
import { collectLater, releaseFiles } from './release-files.js';

/** What a removal leaves to do once its transaction has committed. */
export interface FileRemoval {
  fileId: number;
  /** Who could see the file, read while its row still existed. */
  audience: Audience;
  /** Hashes whose last reference went. */
  emptied: string[];
  /** The owner whose Trash changed (the file went in, or out for good); null when it did not. */
  trashOwner: number | null;
}

/** How a file goes: to its owner's Trash, or for good (recorded as an admin delete when an admin deletes another's file). */
export interface RemovalMode {
  toTrash: boolean;
  asAdmin?: boolean;
}

/**
 * Deletes one file inside the caller's transaction: every delete of a file,
 * alone or among others, goes through here. The row was read (and the
 * caller's right to delete it checked) beforehand; the write decides: a
 * racing delete that took the row first leaves this one with nothing to
 * release, and a 404. To Trash, the row stays with its content, shares and
 * links (invisible while trashed) and nothing is released; for good, it is
 * deleted and its content released. The caller's transaction holds the
 * file's owner (lockUser) before it, as every change of their files and
 * Trash does.
 */
export async function removeFileIn(trx: Db, dialect: Dialect, actor: Actor, row: FileRow, mode: RemovalMode, now: number): Promise<FileRemoval> {
  // Those who could see it were told when it went to Trash.
  const audience = row.trashed_at === null ? await fileAudience(trx, row) : NOBODY;
  if (mode.toTrash) {
    const trashed = await trx
      .updateTable('files')
      .set({ trashed_at: now, trashed_with: null })
      .where('id', '=', row.id)
      .where('user_id', '=', row.user_id)
      .where('trashed_at', 'is', null)
      .returning(['id', 'original_name'])
      .executeTakeFirst();
    if (!trashed) throw new NotFound(FILE_NOT_FOUND);
    await recordActivity(trx, { type: 'delete', userId: actor.id, fileId: trashed.id, fileName: trashed.original_name, detail: activityDetail('toTrash') }, now);
    return { fileId: row.id, audience, emptied: [], trashOwner: row.user_id };
  }
  const released = await releaseFiles(trx, dialect, [row], now);
  const gone = released.files[0];
  if (!gone) throw new NotFound(FILE_NOT_FOUND);
  const owner = mode.asAdmin ? await trx.selectFrom('users').select('username').where('id', '=', row.user_id).executeTakeFirst() : undefined;
  await recordActivity(
    trx,
    {
      type: mode.asAdmin ? 'admin_delete' : 'delete',
      userId: actor.id,
      fileId: gone.id,
      fileName: gone.original_name,
      detail: owner ? activityDetail('ownedBy', { owner: owner.username }) : row.trashed_at !== null ? activityDetail('fromTrash') : null,
    },
    now,
  );
  return { fileId: row.id, audience, emptied: released.emptied, trashOwner: row.trashed_at !== null ? row.user_id : null };
}

/** After commit: emptied blobs are collected after the response, everyone who could see the file is told, and the owner whose Trash changed. */
export async function announceFileRemoval(ctx: DomainContext, removal: FileRemoval): Promise<void> {
  collectLater(ctx, removal.emptied);
  if (removal.audience.userIds.length > 0 || removal.audience.public) {
    await ctx.events.publish({ event: { type: 'file_deleted', file_id: removal.fileId, at: new Date().toISOString() }, audience: removal.audience });
  }
  if (removal.trashOwner !== null) await announceTrashChange(ctx, removal.trashOwner);
}

/**
 * Deletes one file in a transaction of its own, its owner held first: a new
 * version or a folder's trip to Trash that read the file as live ends before
 * this takes it.
 */
export async function removeFile(ctx: DomainContext, actor: Actor, row: FileRow, mode: RemovalMode): Promise<void> {
  const removal = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, row.user_id);
    return removeFileIn(trx, ctx.dialect, actor, row, mode, Date.now());
  });
  await announceFileRemoval(ctx, removal);
}
