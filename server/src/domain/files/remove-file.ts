import type { Db, Dialect } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';
import type { Audience } from '../../events/bus.js';
import { fileAudience } from '../access/audience.js';
import { FILE_NOT_FOUND } from '../access/rules.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { collectLater, releaseFiles } from './release-files.js';

/** What a removal leaves to do once its transaction has committed. */
export interface FileRemoval {
  fileId: number;
  /** Who could see the file, read while its row still existed. */
  audience: Audience;
  /** Hashes whose last reference went. */
  emptied: string[];
}

/**
 * Deletes one file inside the caller's transaction: every delete of a file,
 * alone or among others, goes through here. The row was read (and the
 * caller's right to delete it checked) beforehand; the DELETE decides: a
 * racing delete that took the row first leaves this one with nothing to
 * release, and a 404.
 */
export async function removeFileIn(trx: Db, dialect: Dialect, actor: Actor, row: FileRow, asAdmin: boolean, now: number): Promise<FileRemoval> {
  const audience = await fileAudience(trx, row);
  const released = await releaseFiles(trx, dialect, [row], now);
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
  return { fileId: row.id, audience, emptied: released.emptied };
}

/** After commit: emptied blobs are collected after the response, and everyone who could see the file is told. */
export async function announceFileRemoval(ctx: DomainContext, removal: FileRemoval): Promise<void> {
  collectLater(ctx, removal.emptied);
  await ctx.events.publish({ event: { type: 'file_deleted', file_id: removal.fileId, at: new Date().toISOString() }, audience: removal.audience });
}

/** Deletes one file in a transaction of its own. */
export async function removeFile(ctx: DomainContext, actor: Actor, row: FileRow, asAdmin: boolean): Promise<void> {
  const removal = await ctx.db.transaction().execute((trx) => removeFileIn(trx, ctx.dialect, actor, row, asAdmin, Date.now()));
  await announceFileRemoval(ctx, removal);
}
