import { createDownloadToken, type DownloadToken } from '../files/create-download-token.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { ownedVersion } from './owned-version.js';

/** A download token for one of the owner's versions: bound to the file, like the file's own, and the session. */
export async function createVersionDownloadToken(ctx: DomainContext, actor: Actor, { fileId, versionId }: { fileId: number; versionId: number }): Promise<DownloadToken> {
  await ownedVersion(ctx.db, actor.id, fileId, versionId);
  return createDownloadToken(ctx, actor, { fileId });
}
