import type { FastifyInstance } from 'fastify';
import { zipSelectionSchema, type DownloadLinkResponse } from '@vault/contract';
import { downloadFolder } from '../../domain/downloads/download-folder.js';
import { createZipLink, openZipLink } from '../../domain/downloads/zip-link.js';
import { sendArchive } from '../archive-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { idOf, parse } from '../validate.js';

export function downloadRoutes(app: FastifyInstance, { ctx }: HttpDeps): void {
  /** A readable folder and everything below it, as a zip streamed while it is built. */
  app.get('/api/folders/:id/download', async (request, reply) =>
    sendArchive(ctx, reply, await downloadFolder(ctx, actorOf(request), { folderId: idOf(request) })),
  );

  app.post('/api/downloads', async (request): Promise<DownloadLinkResponse> => {
    const { token, expiresAt } = await createZipLink(ctx, actorOf(request), parse(zipSelectionSchema, request.body));
    return { url: `/api/downloads/zip?dl=${encodeURIComponent(token)}`, expires_at: new Date(expiresAt).toISOString() };
  });

  app.get('/api/downloads/zip', { config: { access: 'public' } }, async (request, reply) => {
    const dl = (request.query as { dl?: unknown }).dl;
    return sendArchive(ctx, reply, await openZipLink(ctx, typeof dl === 'string' ? dl : undefined));
  });
}
