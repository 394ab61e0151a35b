import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  fileSearchSchema,
  fileUpdateSchema,
  publicFileSearchSchema,
  shareRequestSchema,
  type DownloadLinkResponse,
} from '@vault/contract';
import { publicFile, readableFile } from '../../domain/access/rules.js';
import { Unauthorized } from '../../domain/shared/errors.js';
import { deleteOwnFile, getFile, updateFile, viewerOf } from '../../domain/files/files.js';
import { fileDto } from '../../domain/files/dto.js';
import { listFiles, listPublicFiles } from '../../domain/files/search.js';
import { authenticateDownload } from '../../domain/accounts/sessions.js';
import { getFileShare, setFileShare } from '../../domain/sharing/shares.js';
import { dedupStats, storageStats } from '../../domain/stats/storage-stats.js';
import { deferringUntilSent } from '../after-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { sendFile } from '../file-response.js';
import { handleUpload } from '../upload.js';
import { idOf, parse } from '../validate.js';

const DOWNLOAD_LINK_TTL_SECONDS = 60;

const wantsInline = (request: FastifyRequest) => (request.query as { inline?: string }).inline === '1';

export function fileRoutes(app: FastifyInstance, { ctx }: HttpDeps): void {
  app.post('/api/files/upload', async (request, reply) => {
    const outcome = await handleUpload(deferringUntilSent(ctx, reply), actorOf(request), request);
    return reply.status(outcome.status).send(outcome.body);
  });

  app.get('/api/files', async (request) => listFiles(ctx.db, actorOf(request), parse(fileSearchSchema, request.query)));

  app.get('/api/files/storage/stats', async (request) => storageStats(ctx.db, actorOf(request)));
  app.get('/api/files/storage/deduplication', async (request) => dedupStats(ctx.db, actorOf(request)));

  app.get('/api/files/:id', async (request) => ({ file: await getFile(ctx, actorOf(request), idOf(request)) }));

  app.put('/api/files/:id', async (request) => ({
    file: await updateFile(ctx, actorOf(request), idOf(request), parse(fileUpdateSchema, request.body)),
  }));

  app.delete('/api/files/:id', async (request, reply) => {
    await deleteOwnFile(deferringUntilSent(ctx, reply), actorOf(request), idOf(request));
    return reply.status(204).send();
  });

  app.get('/api/files/:id/share', async (request) => getFileShare(ctx, actorOf(request), idOf(request)));
  app.put('/api/files/:id/share', async (request) =>
    setFileShare(ctx, actorOf(request), idOf(request), parse(shareRequestSchema, request.body)),
  );

  /**
   * Signed-in callers send their bearer token; a plain link (a new tab, where no
   * header travels) carries ?dl=, a 60-second token bound to this file and to
   * the session that asked for it: ending the session ends its links.
   */
  app.get('/api/files/:id/download', { config: { access: 'public' } }, async (request, reply) => {
    const fileId = idOf(request);
    const dl = (request.query as { dl?: string }).dl;
    const actor = request.actor ?? (dl ? await authenticateDownload(ctx, dl, fileId) : undefined);
    if (!actor) throw new Unauthorized();
    const row = await readableFile(ctx.db, viewerOf(actor), fileId);
    return sendFile(ctx, request, reply, row, { inline: wantsInline(request), userId: actor.id, cache: 'private' });
  });

  app.post('/api/files/:id/download-link', async (request): Promise<DownloadLinkResponse> => {
    const actor = actorOf(request);
    const row = await readableFile(ctx.db, viewerOf(actor), idOf(request));
    const { token, expiresAt } = await ctx.tokens.issueDownload(actor.id, actor.sessionId, row.id, DOWNLOAD_LINK_TTL_SECONDS);
    return { url: `/api/files/${row.id}/download?dl=${encodeURIComponent(token)}`, expires_at: new Date(expiresAt).toISOString() };
  });

  app.get('/api/files/public', { config: { access: 'public' } }, async (request) =>
    listPublicFiles(ctx.db, viewerOf(request.actor), parse(publicFileSearchSchema, request.query)),
  );

  app.get('/api/files/public/:id', { config: { access: 'public' } }, async (request) => {
    const row = await publicFile(ctx.db, idOf(request));
    return { file: await fileDto(ctx.db, undefined, row.id) };
  });

  app.get('/api/files/public/:id/download', { config: { access: 'public' } }, async (request, reply) => {
    const row = await publicFile(ctx.db, idOf(request));
    return sendFile(ctx, request, reply, row, { inline: wantsInline(request), userId: request.actor?.id ?? null, cache: 'public' });
  });
}
