import type { FastifyInstance } from 'fastify';
import { trashEmptiedSchema, trashListSchema, trashResultsSchema, trashSelectionSchema } from '@vault/contract';
import { deleteFromTrash } from '../../domain/trash/delete-trashed.js';
import { emptyTrash } from '../../domain/trash/empty-trash.js';
import { listTrash } from '../../domain/trash/list-trash.js';
import { restoreTrash } from '../../domain/trash/restore-trash.js';
import { actorOf } from '../auth-hook.js';
import { api } from '../openapi/route-spec.js';
import { validated } from '../validate.js';

const tag = 'Trash';

export function trashRoutes(app: FastifyInstance): void {
  app.get('/api/trash', api({ summary: "The caller's Trash: what they deleted, most recent first", tag, responses: { 200: trashListSchema } }), async (request) =>
    listTrash(request.ctx, actorOf(request)),
  );

  /** Each item is restored or refused alone (its result says why); the request is refused whole (507) while the caller is over their quota. */
  app.post(
    '/api/trash/restore',
    api({ summary: 'Put trashed files and folders back where they were', tag, body: trashSelectionSchema, responses: { 200: trashResultsSchema }, errors: [507] }),
    async (request) => restoreTrash(request.ctx, actorOf(request), validated(trashSelectionSchema, request.body)),
  );

  app.post(
    '/api/trash/delete',
    api({ summary: 'Delete trashed files and folders forever', tag, body: trashSelectionSchema, responses: { 200: trashResultsSchema } }),
    async (request) => deleteFromTrash(request.ctx, actorOf(request), validated(trashSelectionSchema, request.body)),
  );

  app.delete('/api/trash', api({ summary: 'Empty the Trash: everything in it is deleted forever', tag, responses: { 200: trashEmptiedSchema } }), async (request) =>
    emptyTrash(request.ctx, actorOf(request)),
  );
}
