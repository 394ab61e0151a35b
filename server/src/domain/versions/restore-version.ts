import { activityDetail } from '@vault/contract';
import type { FileItem } from '@vault/contract';
import { sql } from 'kysely';
import { announceFile } from '../files/announce-file.js';
import { collectLater } from '../files/release-files.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { lockUser } from '../shared/locks.js';
import { extractLater } from '../texts/extract-text.js';
import { ownedVersion, versionParams } from './owned-version.js';
import { lockFileContents, replaceContent } from './replace-content.js';

/**
 * The owner makes a copy of a version the file's current content: the
 * content it replaces becomes the newest version (so a restore can itself be
 * undone), and the version restored stays until VERSIONS_KEEP pushes it out.
 * The content is the owner's already, so nothing more is charged. Its text
 * is read again for the file unless another of the owner's files has it (see
 * migration 0310: a version says nothing about whether it was read for them).
 */
export async function restoreVersion(ctx: DomainContext, actor: Actor, { fileId, versionId }: { fileId: number; versionId: number }): Promise<FileItem> {
  const { emptied, restored } = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, actor.id);
    const { file, version } = await ownedVersion(trx, actor.id, fileId, versionId);
    await lockFileContents(trx, ctx.dialect, file, version.blob_hash);
    await trx.updateTable('blobs').set({ ref_count: sql`ref_count + 1` }).where('hash', '=', version.blob_hash).execute();
    const now = Date.now();
    const content = { hash: version.blob_hash, size: Number(version.size), mime: version.mime_type };
    const emptied = await replaceContent(trx, file, content, ctx.settings.versionsKeep, now);
    await recordActivity(trx, { type: 'upload', userId: actor.id, fileId, fileName: file.original_name, detail: activityDetail('restoredVersion', versionParams(version)) }, now);
    return { emptied, restored: content };
  });
  collectLater(ctx, emptied);
  extractLater(ctx, restored.hash, restored.mime);
  return announceFile(ctx, actor, fileId, 'file_updated');
}
