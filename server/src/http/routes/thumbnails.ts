import type { FastifyInstance } from 'fastify';
import { openThumbnail } from '../../domain/thumbnails/open-thumbnail.js';
import { sendThumbnail } from '../file-response.js';
import { idParamSchema } from '@vault/contract';
import { FILE_BYTES, NO_BODY, api } from '../openapi/route-spec.js';
import { idOf } from '../validate.js';

export function thumbnailRoutes(app: FastifyInstance): void {
  /**
   * Signed-in callers (bearer token) see thumbnails of what they may read;
   * anyone else those of public files. Cached like the download it stands for.
   */
  app.get(
    '/api/files/:id/thumbnail',
    api({ summary: 'A small WebP picture of an image file (signed in: what the caller may read; anonymous: public files)', tag: 'Files', access: 'public', params: idParamSchema, responses: { 200: FILE_BYTES, 304: NO_BODY }, errors: [404, 415] }),
    async (request, reply) => {
    const thumbnail = await openThumbnail(request.ctx, request.actor, { fileId: idOf(request) });
    return sendThumbnail(request, reply, thumbnail, request.actor ? 'private' : 'public');
  });
}
