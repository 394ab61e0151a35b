import { readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';

/** A download token lives this long: enough to open a tab, too short to pass around. */
const DOWNLOAD_TOKEN_TTL_SECONDS = 60;
/**
 * A preview's token serves the file in place only, and lives longer: the
 * browser's PDF viewer reads the file from its link again when the user saves
 * from the viewer, however long the preview has been open.
 */
const PREVIEW_TOKEN_TTL_SECONDS = 60 * 60;

export interface DownloadToken {
  fileId: number;
  token: string;
  expiresAt: number;
}

/**
 * A token that lets a plain link (where no Authorization header travels)
 * download one file the caller may read, bound to the caller's session; with
 * `inline`, a preview's, that shows it in place.
 */
export async function createDownloadToken(ctx: DomainContext, actor: Actor, { fileId, inline = false }: { fileId: number; inline?: boolean }): Promise<DownloadToken> {
  const row = await readableFile(ctx.db, viewerOf(actor), fileId);
  const claims = { userId: actor.id, sessionId: actor.sessionId, fileId: row.id, inlineOnly: inline };
  const { token, expiresAt } = await ctx.tokens.issueDownload(claims, inline ? PREVIEW_TOKEN_TTL_SECONDS : DOWNLOAD_TOKEN_TTL_SECONDS);
  return { fileId: row.id, token, expiresAt };
}
