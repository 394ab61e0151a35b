import type { FastifyInstance } from 'fastify';
import { openThumbnail } from '../../domain/thumbnails/open-thumbnail.js';
import { sendThumbnail } from '../file-response.js';
import { idOf } from '../validate.js';

export function thumbnailRoutes(app: FastifyInstance): void {
  /**
   * Signed-in callers (bearer token) see thumbnails of what they may read;
   * anyone else those of public files. Cached like the download it stands for.
   */
  app.get('/api/files/:id/thumbnail', { config: { access: 'public' } }, async (request, reply) => {
    const thumbnail = await openThumbnail(request.ctx, request.actor, { fileId: idOf(request) });
    return sendThumbnail(request, reply, thumbnail, request.actor ? 'private' : 'public');
  });
}
