import type { FastifyInstance } from 'fastify';
import { folderCreateSchema, folderSearchSchema, folderShareRequestSchema, folderUpdateSchema } from '@vault/contract';
import { deleteFolder } from '../../domain/folders/delete-folder.js';
import { createFolder, getFolder, listFolders, publicFolderView, updateFolder } from '../../domain/folders/folders.js';
import { getFolderShare, setFolderShare, sharedWithMe } from '../../domain/sharing/shares.js';
import { deferringUntilSent } from '../after-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { idOf, parse } from '../validate.js';

export function folderRoutes(app: FastifyInstance, { ctx }: HttpDeps): void {
  app.get('/api/folders', async (request) => listFolders(ctx.db, actorOf(request), parse(folderSearchSchema, request.query)));

  app.post('/api/folders', async (request, reply) => {
    const folder = await createFolder(ctx, actorOf(request), parse(folderCreateSchema, request.body));
    return reply.status(201).send({ folder });
  });

  app.get('/api/folders/public/:id', { config: { access: 'public' } }, async (request) => publicFolderView(ctx.db, idOf(request)));

  app.get('/api/folders/:id', async (request) => ({ folder: await getFolder(ctx.db, actorOf(request), idOf(request)) }));

  app.put('/api/folders/:id', async (request) => ({
    folder: await updateFolder(ctx, actorOf(request), idOf(request), parse(folderUpdateSchema, request.body)),
  }));

  app.delete('/api/folders/:id', async (request, reply) => {
    await deleteFolder(deferringUntilSent(ctx, reply), actorOf(request), idOf(request));
    return reply.status(204).send();
  });

  app.get('/api/folders/:id/share', async (request) => getFolderShare(ctx, actorOf(request), idOf(request)));
  app.put('/api/folders/:id/share', async (request) =>
    setFolderShare(ctx, actorOf(request), idOf(request), parse(folderShareRequestSchema, request.body)),
  );

  app.get('/api/shared-with-me', async (request) => sharedWithMe(ctx.db, actorOf(request)));
}
