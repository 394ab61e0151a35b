import type { FastifyInstance } from 'fastify';
import {
  clashCheckSchema,
  clashListSchema,
  downloadLinkResponseSchema,
  downloadQuerySchema,
  fileResponseSchema,
  fileVersionParamsSchema,
  fileVersionsResponseSchema,
  idParamSchema,
  type DownloadLinkResponse,
} from '@vault/contract';
import { findClashes } from '../../domain/files/find-clashes.js';
import { createVersionDownloadToken } from '../../domain/versions/create-version-download-token.js';
import { deleteVersion } from '../../domain/versions/delete-version.js';
import { listVersions } from '../../domain/versions/list-versions.js';
import { openVersion } from '../../domain/versions/open-version.js';
import { restoreVersion } from '../../domain/versions/restore-version.js';
import { actorOf } from '../auth-hook.js';
import { sendFile } from '../file-response.js';
import { FILE_ANSWERS, NO_BODY, api } from '../openapi/route-spec.js';
import { idOf, validated } from '../validate.js';

const tag = 'Versions';

/** Name clashes before an upload, and the earlier versions of a file (its owner's alone: anyone else gets 404). */
export function versionRoutes(app: FastifyInstance): void {
  app.post(
    '/api/files/clashes',
    api({ summary: 'Which of these names a folder already holds, before uploading', tag, body: clashCheckSchema, responses: { 200: clashListSchema }, errors: [404] }),
    async (request) => findClashes(request.ctx, actorOf(request), validated(clashCheckSchema, request.body)),
  );

  app.get(
    '/api/files/:id/versions',
    api({ summary: "A file's current content and earlier versions", tag, params: idParamSchema, responses: { 200: fileVersionsResponseSchema }, errors: [404] }),
    async (request) => listVersions(request.ctx, actorOf(request), { fileId: idOf(request) }),
  );

  /** Like a file's download: a bearer token, or ?dl= from the version's download-link. */
  app.get(
    '/api/files/:id/versions/:version_id/download',
    api({
      summary: 'Download an earlier version (bearer token, or ?dl= from its download-link); Range supported',
      tag,
      access: 'public',
      params: fileVersionParamsSchema,
      query: downloadQuerySchema,
      responses: FILE_ANSWERS,
      errors: [401, 404, 415, 416],
    }),
    async (request, reply) => {
      const { id, version_id } = validated(fileVersionParamsSchema, request.params);
      const { inline, dl } = validated(downloadQuerySchema, request.query);
      const content = await openVersion(request.ctx, request.actor, { fileId: id, versionId: version_id, inline: inline === '1', downloadToken: dl });
      return sendFile(request, reply, content, { inline: inline === '1', cache: 'private' });
    },
  );

  app.post(
    '/api/files/:id/versions/:version_id/download-link',
    api({ summary: "A version's download URL, valid for 60 seconds, bound to this session", tag, params: fileVersionParamsSchema, responses: { 200: downloadLinkResponseSchema }, errors: [404] }),
    async (request): Promise<DownloadLinkResponse> => {
      const { id, version_id } = validated(fileVersionParamsSchema, request.params);
      const { token, expiresAt } = await createVersionDownloadToken(request.ctx, actorOf(request), { fileId: id, versionId: version_id });
      return { url: `/api/files/${id}/versions/${version_id}/download?dl=${encodeURIComponent(token)}`, expires_at: new Date(expiresAt).toISOString() };
    },
  );

  app.post(
    '/api/files/:id/versions/:version_id/restore',
    api({ summary: 'Make a copy of a version the current content; the current one becomes a version', tag, params: fileVersionParamsSchema, responses: { 200: fileResponseSchema }, errors: [404] }),
    async (request) => {
      const { id, version_id } = validated(fileVersionParamsSchema, request.params);
      return { file: await restoreVersion(request.ctx, actorOf(request), { fileId: id, versionId: version_id }) };
    },
  );

  app.delete(
    '/api/files/:id/versions/:version_id',
    api({ summary: 'Delete an earlier version for good', tag, params: fileVersionParamsSchema, responses: { 204: NO_BODY }, errors: [404] }),
    async (request, reply) => {
      const { id, version_id } = validated(fileVersionParamsSchema, request.params);
      await deleteVersion(request.ctx, actorOf(request), { fileId: id, versionId: version_id });
      return reply.status(204).send();
    },
  );
}
