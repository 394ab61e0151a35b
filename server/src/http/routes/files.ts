import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  fileSearchSchema,
  fileUpdateSchema,
  publicFileSearchSchema,
  shareRequestSchema,
  type DownloadLinkResponse,
} from '@vault/contract';
import { viewerOf } from '../../domain/access/viewer.js';
import { deleteOwnFile, getFile, getPublicFile, updateFile } from '../../domain/files/files.js';
import { createDownloadToken } from '../../domain/files/download-link.js';
import { openFile, openPublicFile } from '../../domain/files/open-file.js';
import { listFiles, listPublicFiles } from '../../domain/files/search.js';
import { getFileShare, setFileShare } from '../../domain/sharing/shares.js';
import { dedupStats, storageStats } from '../../domain/stats/storage-stats.js';
import { deferringUntilSent } from '../after-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { sendFile } from '../file-response.js';
import { handleUpload } from '../upload.js';
import { idOf, parse } from '../validate.js';

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
   * header travels) carries ?dl=, a download token from download-link.
   */
  app.get('/api/files/:id/download', { config: { access: 'public' } }, async (request, reply) => {
    const downloadToken = (request.query as { dl?: string }).dl;
    const content = await openFile(ctx, request.actor, { fileId: idOf(request), inline: wantsInline(request), downloadToken });
    return sendFile(request, reply, content, { inline: wantsInline(request), cache: 'private' });
  });

  app.post('/api/files/:id/download-link', async (request): Promise<DownloadLinkResponse> => {
    const { fileId, token, expiresAt } = await createDownloadToken(ctx, actorOf(request), { fileId: idOf(request) });
    return { url: `/api/files/${fileId}/download?dl=${encodeURIComponent(token)}`, expires_at: new Date(expiresAt).toISOString() };
  });

  app.get('/api/files/public', { config: { access: 'public' } }, async (request) =>
    listPublicFiles(ctx.db, viewerOf(request.actor), parse(publicFileSearchSchema, request.query)),
  );

  app.get('/api/files/public/:id', { config: { access: 'public' } }, async (request) => ({
    file: await getPublicFile(ctx, request.actor, { fileId: idOf(request) }),
  }));

  app.get('/api/files/public/:id/download', { config: { access: 'public' } }, async (request, reply) => {
    const content = await openPublicFile(ctx, request.actor, { fileId: idOf(request), inline: wantsInline(request) });
    return sendFile(request, reply, content, { inline: wantsInline(request), cache: 'public' });
  });
}
