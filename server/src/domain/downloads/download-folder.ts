import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { folderArchive, recordArchiveDownload, type Archive } from './archives.js';

/** GET /api/folders/{id}/download: a folder the caller may read, as an archive, logged as one download. */
export async function downloadFolder(ctx: DomainContext, actor: Actor, { folderId }: { folderId: number }): Promise<Archive> {
  const archive = await folderArchive(ctx.db, viewerOf(actor), folderId);
  await recordArchiveDownload(ctx, actor.id, archive);
  return archive;
}
