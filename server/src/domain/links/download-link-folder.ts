import type { LinkRow } from '../../db/schema.js';
import { linkArchive, recordArchiveDownload, type ArchiveDownload } from '../downloads/archives.js';
import type { DomainContext } from '../shared/context.js';
import { claimLinkDownload, viaShareLink } from './claim-download.js';

/** "Download all" on a folder link: the whole tree as an archive, whose download counts once against the link's limit as it starts. */
export async function downloadLinkFolder(ctx: DomainContext, link: LinkRow): Promise<ArchiveDownload> {
  const archive = await linkArchive(ctx.db, link);
  return {
    ...archive,
    async countDownload() {
      await claimLinkDownload(ctx, link);
      await recordArchiveDownload(ctx, null, archive, viaShareLink(link));
    },
  };
}
