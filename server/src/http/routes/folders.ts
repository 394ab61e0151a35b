import type { FastifyInstance } from 'fastify';
import {
  folderCreateSchema,
  folderListResponseSchema,
  folderResponseSchema,
  folderSearchSchema,
  folderShareRequestSchema,
  folderUpdateSchema,
  idParamSchema,
  publicFolderResponseSchema,
  recipientParamsSchema,
  recipientSchema,
  shareStateSchema,
  sharedWithMeResponseSchema,
} from '@vault/contract';
import { createFolder } from '../../domain/folders/create-folder.js';
import { deleteFolder } from '../../domain/folders/delete-folder.js';
import { getFolder } from '../../domain/folders/get-folder.js';
import { getPublicFolder } from '../../domain/folders/get-public-folder.js';
import { listFolders } from '../../domain/folders/list-folders.js';
import { updateFolder } from '../../domain/folders/update-folder.js';
import { findRecipient } from '../../domain/sharing/find-recipient.js';
import { sharedWithMe } from '../../domain/sharing/shared-with-me.js';
import { getFolderShare, setFolderShare } from '../../domain/sharing/shares.js';
import { actorOf } from '../auth-hook.js';
import { NO_BODY, api } from '../openapi/route-spec.js';
import { idOf, validated } from '../validate.js';

const tag = 'Folders';
const params = idParamSchema;

export function folderRoutes(app: FastifyInstance): void {
  app.get(
    '/api/folders',
    api({ summary: "The caller's folders", tag, query: folderSearchSchema, responses: { 200: folderListResponseSchema }, errors: [404] }),
    async (request) => listFolders(request.ctx, actorOf(request), validated(folderSearchSchema, request.query)),
  );

  app.post('/api/folders', api({ summary: 'Create a folder', tag, body: folderCreateSchema, responses: { 201: folderResponseSchema }, errors: [404, 409] }), async (request, reply) => {
    const folder = await createFolder(request.ctx, actorOf(request), validated(folderCreateSchema, request.body));
    return reply.status(201).send({ folder });
  });

  app.get(
    '/api/folders/public/:id',
    api({ summary: 'A public folder and its public content', tag, access: 'public', params, responses: { 200: publicFolderResponseSchema }, errors: [404] }),
    async (request) => getPublicFolder(request.ctx, request.actor, { folderId: idOf(request) }),
  );

  app.get('/api/folders/:id', api({ summary: 'A folder', tag, params, responses: { 200: folderResponseSchema }, errors: [404] }), async (request) => ({
    folder: await getFolder(request.ctx, actorOf(request), { folderId: idOf(request) }),
  }));

  app.put(
    '/api/folders/:id',
    api({ summary: 'Rename, move or change the visibility of a folder', tag, params, body: folderUpdateSchema, responses: { 200: folderResponseSchema }, errors: [404, 409] }),
    async (request) => ({
      folder: await updateFolder(request.ctx, actorOf(request), { folderId: idOf(request), change: validated(folderUpdateSchema, request.body) }),
    }),
  );

  app.delete('/api/folders/:id', api({ summary: 'Delete a folder and everything in it', tag, params, responses: { 204: NO_BODY }, errors: [404] }), async (request, reply) => {
    await deleteFolder(request.ctx, actorOf(request), { folderId: idOf(request) });
    return reply.status(204).send();
  });

  app.get('/api/folders/:id/share', api({ summary: "A folder's sharing", tag: 'Sharing', params, responses: { 200: shareStateSchema }, errors: [404] }), async (request) =>
    getFolderShare(request.ctx, actorOf(request), { folderId: idOf(request) }),
  );
  app.put(
    '/api/folders/:id/share',
    api({ summary: 'Share a folder with users, or make it public', tag: 'Sharing', params, body: folderShareRequestSchema, responses: { 200: shareStateSchema }, errors: [404] }),
    async (request) => setFolderShare(request.ctx, actorOf(request), { folderId: idOf(request), share: validated(folderShareRequestSchema, request.body) }),
  );

  app.get(
    '/api/share-recipients/:username',
    api({ summary: 'Whether a username can be shared with (what saving a share with it would say)', tag: 'Sharing', params: recipientParamsSchema, responses: { 200: recipientSchema } }),
    async (request) => findRecipient(request.ctx, actorOf(request), validated(recipientParamsSchema, request.params)),
  );

  app.get('/api/shared-with-me', api({ summary: 'Files and folders shared with the caller', tag: 'Sharing', responses: { 200: sharedWithMeResponseSchema } }), async (request) =>
    sharedWithMe(request.ctx, actorOf(request)),
  );
}
