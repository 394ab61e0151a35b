import type { FastifyInstance } from 'fastify';
import { zipSelectionSchema, type DownloadLinkResponse } from '@vault/contract';
import { authenticateZip } from '../../domain/accounts/sessions.js';
import { folderArchive, recordArchiveDownload, selectionArchive } from '../../domain/downloads/archives.js';
import { viewerOf } from '../../domain/files/files.js';
import { Unauthorized } from '../../domain/shared/errors.js';
import { sendArchive } from '../archive-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { idOf, parse } from '../validate.js';

const ZIP_LINK_TTL_SECONDS = 60;

export function downloadRoutes(app: FastifyInstance, { ctx }: HttpDeps): void {
  /** A readable folder and everything below it, as a zip streamed while it is built. */
  app.get('/api/folders/:id/download', async (request, reply) => {
    const actor = actorOf(request);
    const archive = await folderArchive(ctx.db, viewerOf(actor), idOf(request));
    await recordArchiveDownload(ctx, actor.id, archive);
    return sendArchive(ctx, reply, archive);
  });

  /**
   * "Download selected": checks the selection now and answers a plain link
   * (a 60-second token bound to the selection and to this session) that a
   * browser can follow without sending a header.
   */
  app.post('/api/downloads', async (request): Promise<DownloadLinkResponse> => {
    const actor = actorOf(request);
    const selection = parse(zipSelectionSchema, request.body);
    await selectionArchive(ctx.db, viewerOf(actor), selection);
    const { token, expiresAt } = await ctx.tokens.issueZip(
      { userId: actor.id, sessionId: actor.sessionId, fileIds: selection.file_ids, folderIds: selection.folder_ids },
      ZIP_LINK_TTL_SECONDS,
    );
    return { url: `/api/downloads/zip?dl=${encodeURIComponent(token)}`, expires_at: new Date(expiresAt).toISOString() };
  });

  app.get('/api/downloads/zip', { config: { access: 'public' } }, async (request, reply) => {
    const dl = (request.query as { dl?: unknown }).dl;
    if (typeof dl !== 'string' || dl === '') throw new Unauthorized();
    const { actor, fileIds, folderIds } = await authenticateZip(ctx, dl);
    // Read again now: access may have changed since the link was made.
    const archive = await selectionArchive(ctx.db, viewerOf(actor), { file_ids: fileIds, folder_ids: folderIds });
    await recordArchiveDownload(ctx, actor.id, archive);
    return sendArchive(ctx, reply, archive);
  });
}
