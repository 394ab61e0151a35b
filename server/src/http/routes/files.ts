import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkRequestSchema,
  bulkResponseSchema,
  dedupStatsSchema,
  downloadLinkQuerySchema,
  downloadLinkResponseSchema,
  downloadQuerySchema,
  errorResponseSchema,
  fileListResponseSchema,
  fileResponseSchema,
  fileSearchSchema,
  fileUpdateSchema,
  idParamSchema,
  publicFileSearchSchema,
  shareRequestSchema,
  shareStateSchema,
  storageStatsSchema,
  uploadQuerySchema,
  uploadResponseSchema,
  type DownloadLinkResponse,
} from '@vault/contract';
import { applyBulk } from '../../domain/files/apply-bulk.js';
import { copyItems } from '../../domain/uploads/copy-items.js';
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
import { FILE_ANSWERS, NO_BODY, api } from '../openapi/route-spec.js';
import { handleUpload, ownUploadForm } from '../upload.js';
import { idOf, validated } from '../validate.js';

const tag = 'Files';
const params = idParamSchema;
/** Every file refused: the per-file results with the first refusal's sentence; a request refused whole: just the sentence. */
const UPLOAD_REFUSED = z.union([uploadResponseSchema, errorResponseSchema]);
/** A file's bytes: whole, one range, or not modified since the ETag the client holds. */

export function fileRoutes(app: FastifyInstance): void {
  app.post(
    '/api/files/upload',
    api({
      summary: 'Upload up to 10 files',
      tag,
      multipart: true,
      query: uploadQuerySchema,
      responses: { 201: uploadResponseSchema, 207: uploadResponseSchema, 409: UPLOAD_REFUSED, 413: UPLOAD_REFUSED, 415: UPLOAD_REFUSED, 507: UPLOAD_REFUSED },
      errors: [404, 408],
    }),
    async (request, reply) => {
      const { on_conflict } = validated(uploadQuerySchema, request.query);
      const outcome = await handleUpload(request.ctx, actorOf(request), request, ownUploadForm(on_conflict));
      return reply.status(outcome.status).send(outcome.body);
    },
  );

  app.get(
    '/api/files',
    api({ summary: "Search the caller's files and those shared with them", tag, query: fileSearchSchema, responses: { 200: fileListResponseSchema }, errors: [404] }),
    async (request) => listFiles(request.ctx, actorOf(request), validated(fileSearchSchema, request.query)),
  );

  app.get('/api/files/storage/stats', api({ summary: "The caller's storage and deduplication savings", tag: 'Statistics', responses: { 200: storageStatsSchema } }), async (request) =>
    getStorageStats(request.ctx, actorOf(request)),
  );
  app.get('/api/files/storage/deduplication', api({ summary: "The caller's duplicated content", tag: 'Statistics', responses: { 200: dedupStatsSchema } }), async (request) =>
    getDedupStats(request.ctx, actorOf(request)),
  );

  app.get('/api/files/:id', api({ summary: 'A file', tag, params, responses: { 200: fileResponseSchema }, errors: [404] }), async (request) => ({
    file: await getFile(request.ctx, actorOf(request), { fileId: idOf(request) }),
  }));

  app.put('/api/files/:id', api({ summary: 'Rename, move or retag a file', tag, params, body: fileUpdateSchema, responses: { 200: fileResponseSchema }, errors: [404, 409] }), async (request) => ({
    file: await updateFile(request.ctx, actorOf(request), { fileId: idOf(request), change: validated(fileUpdateSchema, request.body) }),
  }));

  /** Each named item succeeds or fails alone (its result says why); the request fails whole only when invalid or when the target folder of a move or copy is not found. */
  app.post(
    '/api/files/bulk',
    api({ summary: 'Move, copy, delete or tag many files and folders in one transaction', tag, body: bulkRequestSchema, responses: { 200: bulkResponseSchema }, errors: [404] }),
    async (request) => {
      const input = validated(bulkRequestSchema, request.body);
      const actor = actorOf(request);
      return input.action === 'copy' ? copyItems(request.ctx, actor, { file_ids: input.file_ids, folder_ids: input.folder_ids, folder_id: input.folder_id ?? null }) : applyBulk(request.ctx, actor, { ...input, action: input.action });
    },
  );

  app.delete('/api/files/:id', api({ summary: 'Delete a file', tag, params, responses: { 204: NO_BODY }, errors: [404] }), async (request, reply) => {
    await deleteFile(request.ctx, actorOf(request), { fileId: idOf(request) });
    return reply.status(204).send();
  });

  app.get('/api/files/:id/share', api({ summary: "A file's sharing", tag: 'Sharing', params, responses: { 200: shareStateSchema }, errors: [404] }), async (request) =>
    getFileShare(request.ctx, actorOf(request), { fileId: idOf(request) }),
  );
  app.put(
    '/api/files/:id/share',
    api({ summary: 'Share a file with users, or make it public', tag: 'Sharing', params, body: shareRequestSchema, responses: { 200: shareStateSchema }, errors: [404] }),
    async (request) => setFileShare(request.ctx, actorOf(request), { fileId: idOf(request), share: validated(shareRequestSchema, request.body) }),
  );

  /**
   * Signed-in callers send their bearer token; a plain link (a new tab, where no
   * header travels) carries ?dl=, a token from POST /api/files/{id}/download-link.
   */
  app.get(
    '/api/files/:id/download',
    api({
      summary: 'Download a file (bearer token, or ?dl= from download-link); Range supported',
      tag,
      access: 'public',
      params,
      query: downloadQuerySchema,
      responses: FILE_ANSWERS,
      errors: [401, 404, 415, 416],
    }),
    async (request, reply) => {
      const { inline, dl } = validated(downloadQuerySchema, request.query);
      const content = await openFile(request.ctx, request.actor, { fileId: idOf(request), inline: inline === '1', downloadToken: dl });
      return sendFile(request, reply, content, { inline: inline === '1', cache: 'private' });
    },
  );

  app.post(
    '/api/files/:id/download-link',
    api({
      summary: 'A download URL valid for 60 seconds, bound to this session; with ?inline=1 a preview URL, valid for an hour, that serves the file in place only',
      tag,
      params,
      query: downloadLinkQuerySchema,
      responses: { 200: downloadLinkResponseSchema },
      errors: [404],
    }),
    async (request): Promise<DownloadLinkResponse> => {
      const inline = validated(downloadLinkQuerySchema, request.query).inline === '1';
      const { fileId, token, expiresAt } = await createDownloadToken(request.ctx, actorOf(request), { fileId: idOf(request), inline });
      return { url: `/api/files/${fileId}/download?dl=${encodeURIComponent(token)}${inline ? '&inline=1' : ''}`, expires_at: new Date(expiresAt).toISOString() };
    },
  );

  app.get(
    '/api/files/public',
    api({ summary: 'Search public files', tag: 'Public', access: 'public', query: publicFileSearchSchema, responses: { 200: fileListResponseSchema } }),
    async (request) => listPublicFiles(request.ctx, request.actor, validated(publicFileSearchSchema, request.query)),
  );

  app.get('/api/files/public/:id', api({ summary: 'A public file', tag: 'Public', access: 'public', params, responses: { 200: fileResponseSchema }, errors: [404] }), async (request) => ({
    file: await getPublicFile(request.ctx, request.actor, { fileId: idOf(request) }),
  }));

  app.get(
    '/api/files/public/:id/download',
    api({ summary: 'Download a public file; Range supported', tag: 'Public', access: 'public', params, query: downloadQuerySchema, responses: FILE_ANSWERS, errors: [404, 415, 416] }),
    async (request, reply) => {
      const { inline } = validated(downloadQuerySchema, request.query);
      const content = await openPublicFile(request.ctx, request.actor, { fileId: idOf(request), inline: inline === '1' });
      return sendFile(request, reply, content, { inline: inline === '1', cache: 'public' });
    },
  );
}
