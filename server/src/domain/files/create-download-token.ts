import { readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';

/** A download token lives this long: enough to open a tab, too short to pass around. */
const DOWNLOAD_TOKEN_TTL_SECONDS = 60;

export interface DownloadToken {
  fileId: number;
  token: string;
  expiresAt: number;
}

/**
 * A token that lets a plain link (where no Authorization header travels)
 * download one file the caller may read, bound to the caller's session.
 */
export async function createDownloadToken(ctx: DomainContext, actor: Actor, { fileId }: { fileId: number }): Promise<DownloadToken> {
  const row = await readableFile(ctx.db, viewerOf(actor), fileId);
  const { token, expiresAt } = await ctx.tokens.issueDownload(actor.id, actor.sessionId, row.id, DOWNLOAD_TOKEN_TTL_SECONDS);
  return { fileId: row.id, token, expiresAt };
}
