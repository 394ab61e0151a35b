import { sentence } from '@vault/contract';
import { contentOf, type FileContent } from '../files/file-content.js';
import type { LinkRow } from '../../db/schema.js';
import type { DomainContext } from '../shared/context.js';
import { Forbidden } from '../shared/errors.js';
import { claimLinkDownload, viaShareLink } from './claim-download.js';
import { linkFile } from './view-link.js';

export interface LinkedFile {
  content: FileContent;
  /** Counts a download that starts against the link's limit; refuses it past the limit. */
  claim: () => Promise<void>;
  /**
   * Under a download limit a range is a download too, wherever it starts (a resumed download uses
   * one): otherwise ranges after the first byte would fetch a file any number of times uncounted.
   */
  countEveryRange: boolean;
}

/**
 * GET /api/s/{token}/files/{id}/download (and the file of a file link): a
 * file within the link's item, for a download or, where the owner allowed
 * it, a preview.
 */
export async function openLinkFile(ctx: DomainContext, link: LinkRow, { fileId, inline }: { fileId: number; inline: boolean }): Promise<LinkedFile> {
  if (inline && link.allow_preview !== 1) throw new Forbidden(sentence('previewsNotAllowed'));
  const content = await contentOf(ctx, null, await linkFile(ctx, link, fileId), inline, { via: viaShareLink(link) });
  return { content, claim: () => claimLinkDownload(ctx, link), countEveryRange: link.max_downloads !== null };
}
