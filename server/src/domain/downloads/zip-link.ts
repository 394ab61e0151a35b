import type { ZipSelection } from '@vault/contract';
import { viewerOf } from '../access/viewer.js';
import { authenticateZip } from '../accounts/sessions.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Unauthorized } from '../shared/errors.js';
import { readableSelection, recordArchiveDownload, selectionArchive, type ArchiveDownload } from './archives.js';

/** Long enough to start the download, too short to pass the link around. */
const ZIP_LINK_TTL_SECONDS = 60;

/**
 * POST /api/downloads ("Download selected"): checks the selection now and
 * answers a token for a plain link that a browser can follow without a
 * header, bound to the selection and to the caller's session.
 */
export async function createZipLink(ctx: DomainContext, actor: Actor, selection: Required<ZipSelection>): Promise<{ token: string; expiresAt: number }> {
  await readableSelection(ctx.db, viewerOf(actor), selection);
  return ctx.tokens.issueZip(
    { userId: actor.id, sessionId: actor.sessionId, fileIds: selection.file_ids, folderIds: selection.folder_ids },
    ZIP_LINK_TTL_SECONDS,
  );
}

/**
 * GET /api/downloads/zip?dl=: the selection, read again (access may have
 * changed since), while the session is open; logged once its download starts.
 */
export async function openZipLink(ctx: DomainContext, token: string | undefined): Promise<ArchiveDownload> {
  if (!token) throw new Unauthorized();
  const { actor, fileIds, folderIds } = await authenticateZip(ctx, token);
  const archive = await selectionArchive(ctx.db, viewerOf(actor), { file_ids: fileIds, folder_ids: folderIds });
  return { ...archive, countDownload: () => recordArchiveDownload(ctx, actor.id, archive) };
}
