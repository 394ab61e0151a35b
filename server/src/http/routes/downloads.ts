import type { FastifyInstance } from 'fastify';
import { downloadLinkResponseSchema, idParamSchema, zipDownloadQuerySchema, zipSelectionSchema, type DownloadLinkResponse } from '@vault/contract';
import { downloadFolder } from '../../domain/downloads/download-folder.js';
import { createZipLink, openZipLink } from '../../domain/downloads/zip-link.js';
import { sendArchive } from '../archive-response.js';
import { actorOf } from '../auth-hook.js';
import { FILE_BYTES, api } from '../openapi/route-spec.js';
import { idOf, validated } from '../validate.js';

const tag = 'Downloads';

export function downloadRoutes(app: FastifyInstance): void {
  /** A readable folder and everything below it, as a zip streamed while it is built. */
  app.get(
    '/api/folders/:id/download',
    api({ summary: 'Download a folder and everything below it as a zip', tag, params: idParamSchema, responses: { 200: FILE_BYTES }, errors: [404, 413] }),
    async (request, reply) => sendArchive(request, reply, await downloadFolder(request.ctx, actorOf(request), { folderId: idOf(request) })),
  );

  app.post(
    '/api/downloads',
    api({ summary: 'A zip download URL of chosen files and folders, valid for a short while', tag, body: zipSelectionSchema, responses: { 200: downloadLinkResponseSchema }, errors: [404, 413] }),
    async (request): Promise<DownloadLinkResponse> => {
      const { token, expiresAt } = await createZipLink(request.ctx, actorOf(request), validated(zipSelectionSchema, request.body));
      return { url: `/api/downloads/zip?dl=${encodeURIComponent(token)}`, expires_at: new Date(expiresAt).toISOString() };
    },
  );

  app.get(
    '/api/downloads/zip',
    api({ summary: 'Download the zip a URL from POST /api/downloads names (?dl=)', tag, access: 'public', query: zipDownloadQuerySchema, responses: { 200: FILE_BYTES }, errors: [401, 404, 413] }),
    async (request, reply) => sendArchive(request, reply, await openZipLink(request.ctx, validated(zipDownloadQuerySchema, request.query).dl)),
  );
}
