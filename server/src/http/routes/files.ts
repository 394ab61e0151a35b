import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  fileSearchSchema,
  fileUpdateSchema,
  publicFileSearchSchema,
  shareRequestSchema,
  type DownloadLinkResponse,
} from '@vault/contract';
import { createDownloadToken } from '../../domain/files/create-download-token.js';
import { deleteFile } from '../../domain/files/delete-file.js';
import { getFile } from '../../domain/files/get-file.js';
import { getPublicFile } from '../../domain/files/get-public-file.js';
import { listFiles } from '../../domain/files/list-files.js';
import { listPublicFiles } from '../../domain/files/list-public-files.js';
import { openFile } from '../../domain/files/open-file.js';
import { openPublicFile } from '../../domain/files/open-public-file.js';
import { updateFile } from '../../domain/files/update-file.js';
import { getFileShare, setFileShare } from '../../domain/sharing/shares.js';
import { getDedupStats } from '../../domain/stats/get-dedup-stats.js';
import { getStorageStats } from '../../domain/stats/get-storage-stats.js';
import { actorOf } from '../auth-hook.js';
import { sendFile } from '../file-response.js';
import { handleUpload } from '../upload.js';
import { idOf, parse } from '../validate.js';

const wantsInline = (request: FastifyRequest) => (request.query as { inline?: string }).inline === '1';

export function fileRoutes(app: FastifyInstance): void {
  app.post('/api/files/upload', async (request, reply) => {
    const outcome = await handleUpload(request.ctx, actorOf(request), request);
    return reply.status(outcome.status).send(outcome.body);
  });

  app.get('/api/files', async (request) => listFiles(request.ctx, actorOf(request), parse(fileSearchSchema, request.query)));

  app.get('/api/files/storage/stats', async (request) => getStorageStats(request.ctx, actorOf(request)));
  app.get('/api/files/storage/deduplication', async (request) => getDedupStats(request.ctx, actorOf(request)));

  app.get('/api/files/:id', async (request) => ({ file: await getFile(request.ctx, actorOf(request), { fileId: idOf(request) }) }));

  app.put('/api/files/:id', async (request) => ({
    file: await updateFile(request.ctx, actorOf(request), { fileId: idOf(request), change: parse(fileUpdateSchema, request.body) }),
  }));

  app.delete('/api/files/:id', async (request, reply) => {
    await deleteFile(request.ctx, actorOf(request), { fileId: idOf(request) });
    return reply.status(204).send();
  });

  app.get('/api/files/:id/share', async (request) => getFileShare(request.ctx, actorOf(request), { fileId: idOf(request) }));
  app.put('/api/files/:id/share', async (request) =>
    setFileShare(request.ctx, actorOf(request), { fileId: idOf(request), share: parse(shareRequestSchema, request.body) }),
  );

  /**
   * Signed-in callers send their bearer token; a plain link (a new tab, where no
   * header travels) carries ?dl=, a token from POST /api/files/{id}/download-link.
   */
  app.get('/api/files/:id/download', { config: { access: 'public' } }, async (request, reply) => {
    const downloadToken = (request.query as { dl?: string }).dl;
    const content = await openFile(request.ctx, request.actor, { fileId: idOf(request), inline: wantsInline(request), downloadToken });
    return sendFile(request, reply, content, { inline: wantsInline(request), cache: 'private' });
  });

  app.post('/api/files/:id/download-link', async (request): Promise<DownloadLinkResponse> => {
    const { fileId, token, expiresAt } = await createDownloadToken(request.ctx, actorOf(request), { fileId: idOf(request) });
    return { url: `/api/files/${fileId}/download?dl=${encodeURIComponent(token)}`, expires_at: new Date(expiresAt).toISOString() };
  });

  app.get('/api/files/public', { config: { access: 'public' } }, async (request) =>
    listPublicFiles(request.ctx, request.actor, parse(publicFileSearchSchema, request.query)),
  );

  app.get('/api/files/public/:id', { config: { access: 'public' } }, async (request) => ({
    file: await getPublicFile(request.ctx, request.actor, { fileId: idOf(request) }),
  }));

  app.get('/api/files/public/:id/download', { config: { access: 'public' } }, async (request, reply) => {
    const content = await openPublicFile(request.ctx, request.actor, { fileId: idOf(request), inline: wantsInline(request) });
    return sendFile(request, reply, content, { inline: wantsInline(request), cache: 'public' });
  });
}
