import type { FastifyInstance } from 'fastify';
import { idParamSchema } from '@vault/contract';
import { setStar, type StarKind } from '../../domain/stars/set-star.js';
import { actorOf } from '../auth-hook.js';
import { NO_BODY, api } from '../openapi/route-spec.js';
import { idOf } from '../validate.js';

const tag = 'Stars';
const params = idParamSchema;
const PATHS: Record<StarKind, string> = { file: '/api/files/:id/star', folder: '/api/folders/:id/star' };

/** PUT stars, DELETE unstars; both answer 204 whether or not the star was there. */
export function starRoutes(app: FastifyInstance): void {
  for (const kind of ['file', 'folder'] as const) {
    app.put(PATHS[kind], api({ summary: `Star a ${kind} for the caller`, tag, params, responses: { 204: NO_BODY }, errors: [404, 409] }), async (request, reply) => {
      await setStar(request.ctx, actorOf(request), { kind, id: idOf(request), starred: true });
      return reply.status(204).send();
    });
    app.delete(PATHS[kind], api({ summary: `Remove the caller's star from a ${kind}`, tag, params, responses: { 204: NO_BODY }, errors: [404] }), async (request, reply) => {
      await setStar(request.ctx, actorOf(request), { kind, id: idOf(request), starred: false });
      return reply.status(204).send();
    });
  }
}
