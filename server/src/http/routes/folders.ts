import type { FastifyInstance } from 'fastify';
import { folderCreateSchema, folderSearchSchema, folderShareRequestSchema, folderUpdateSchema } from '@vault/contract';
import { createFolder } from '../../domain/folders/create-folder.js';
import { deleteFolder } from '../../domain/folders/delete-folder.js';
import { getFolder } from '../../domain/folders/get-folder.js';
import { getPublicFolder } from '../../domain/folders/get-public-folder.js';
import { listFolders } from '../../domain/folders/list-folders.js';
import { updateFolder } from '../../domain/folders/update-folder.js';
import { sharedWithMe } from '../../domain/sharing/shared-with-me.js';
import { getFolderShare, setFolderShare } from '../../domain/sharing/shares.js';
import { actorOf } from '../auth-hook.js';
import { idOf, parse } from '../validate.js';

export function folderRoutes(app: FastifyInstance): void {
  app.get('/api/folders', async (request) => listFolders(request.ctx, actorOf(request), parse(folderSearchSchema, request.query)));

  app.post('/api/folders', async (request, reply) => {
    const folder = await createFolder(request.ctx, actorOf(request), parse(folderCreateSchema, request.body));
    return reply.status(201).send({ folder });
  });

  app.get('/api/folders/public/:id', { config: { access: 'public' } }, async (request) =>
    getPublicFolder(request.ctx, request.actor, { folderId: idOf(request) }),
  );

  app.get('/api/folders/:id', async (request) => ({ folder: await getFolder(request.ctx, actorOf(request), { folderId: idOf(request) }) }));

  app.put('/api/folders/:id', async (request) => ({
    folder: await updateFolder(request.ctx, actorOf(request), { folderId: idOf(request), change: parse(folderUpdateSchema, request.body) }),
  }));

  app.delete('/api/folders/:id', async (request, reply) => {
    await deleteFolder(request.ctx, actorOf(request), { folderId: idOf(request) });
    return reply.status(204).send();
  });

  app.get('/api/folders/:id/share', async (request) => getFolderShare(request.ctx, actorOf(request), { folderId: idOf(request) }));
  app.put('/api/folders/:id/share', async (request) =>
    setFolderShare(request.ctx, actorOf(request), { folderId: idOf(request), share: parse(folderShareRequestSchema, request.body) }),
  );

  app.get('/api/shared-with-me', async (request) => sharedWithMe(request.ctx, actorOf(request)));
}
