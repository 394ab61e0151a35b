import { activityDetail } from '@vault/contract';
import { announceFile } from '../files/announce-file.js';
import { collectLater, releaseRefs } from '../files/release-files.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { lockUser } from '../shared/locks.js';
import { ownedVersion, VERSION_NOT_FOUND, versionParams } from './owned-version.js';

/**
 * The owner deletes one version for good: its reference is released (the
 * quota no longer counts content nothing else of theirs holds). Only the row
 * this DELETE removed is released, so racing deletes release it once.
 */
export async function deleteVersion(ctx: DomainContext, actor: Actor, { fileId, versionId }: { fileId: number; versionId: number }): Promise<void> {
  const emptied = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, actor.id);
    const { file, version } = await ownedVersion(trx, actor.id, fileId, versionId);
    const gone = await trx.deleteFrom('file_versions').where('id', '=', version.id).returning(['user_id', 'blob_hash', 'size']).execute();
    if (gone.length === 0) throw new NotFound(VERSION_NOT_FOUND);
    const now = Date.now();
    await recordActivity(trx, { type: 'delete', userId: actor.id, fileId, fileName: file.original_name, detail: activityDetail('version', versionParams(version)) }, now);
    return releaseRefs(trx, gone, now);
  });
  collectLater(ctx, emptied);
  await announceFile(ctx, actor, fileId, 'file_updated');
}
