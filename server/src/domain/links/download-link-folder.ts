import type { LinkRow } from '../../db/schema.js';
import { linkArchive, recordArchiveDownload, type Archive } from '../downloads/archives.js';
import type { DomainContext } from '../shared/context.js';
import { claimLinkDownload, linkActivityDetail } from './claim-download.js';

/** "Download all" on a folder link: one download against the link's limit, the whole tree as an archive. */
export async function downloadLinkFolder(ctx: DomainContext, link: LinkRow): Promise<Archive> {
  await claimLinkDownload(ctx, link);
  const archive = await linkArchive(ctx.db, link);
  await recordArchiveDownload(ctx, null, archive, linkActivityDetail(link));
  return archive;
}
