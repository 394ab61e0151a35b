import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { folderArchive, recordArchiveDownload, type ArchiveDownload } from './archives.js';

/** GET /api/folders/{id}/download: a folder the caller may read, as an archive, logged as one download once it starts. */
export async function downloadFolder(ctx: DomainContext, actor: Actor, { folderId }: { folderId: number }): Promise<ArchiveDownload> {
  const archive = await folderArchive(ctx.db, viewerOf(actor), folderId);
  return { ...archive, countDownload: () => recordArchiveDownload(ctx, actor.id, archive) };
}
