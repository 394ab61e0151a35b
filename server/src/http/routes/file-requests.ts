import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  errorResponseSchema,
  fileRequestCreateSchema,
  fileRequestUploadMetadataSchema,
  fileRequestViewQuerySchema,
  fileRequestUploadParamsSchema,
  fileRequestUploadsPath,
  fileRequestListResponseSchema,
  fileRequestResponseSchema,
  fileRequestUpdateSchema,
  fileRequestUploadResponseSchema,
  fileRequestViewSchema,
  idParamSchema,
  linkPathSchema,
  type FileRequestUploadResponse,
  type FileRequestView,
} from '@vault/contract';
import { createFileRequest, listFileRequests, ownersView } from '../../domain/requests/create-request.js';
import { announceArrivals, ownerActor, requestUploadForm } from '../../domain/requests/receive-upload.js';
import { appendToRequestUpload, cancelRequestUpload, createRequestUpload, requestUploadStatus } from '../../domain/requests/request-uploads.js';
import { viewFileRequest } from '../../domain/requests/view-request.js';
import { revokeLink } from '../../domain/links/revoke-link.js';
import { updateLink } from '../../domain/links/update-link.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { NO_BODY, api } from '../openapi/route-spec.js';
import { handleUpload } from '../upload.js';
import { tusRoutes } from '../tus-routes.js';
import { idOf, parse, validated } from '../validate.js';
import { endedRoutes, grantRoutes, LINK_REFUSALS, linkOf, tokenOf } from './links.js';

const tag = 'File requests';
const params = idParamSchema;
/** Every file refused: the per-file results with the first refusal's sentence; a request refused whole: just the sentence. */
const UPLOAD_REFUSED = z.union([fileRequestUploadResponseSchema, errorResponseSchema]);

export function fileRequestRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.post(
    '/api/requests',
    api({ summary: 'Create a file request into one of your folders', tag, body: fileRequestCreateSchema, responses: { 201: fileRequestResponseSchema }, errors: [404] }),
    async (request, reply) => {
      const created = await createFileRequest(request.ctx, actorOf(request), validated(fileRequestCreateSchema, request.body));
      return reply.status(201).send({ request: created });
    },
  );

  app.get('/api/requests', api({ summary: "The caller's file requests", tag, responses: { 200: fileRequestListResponseSchema } }), async (request) =>
    listFileRequests(request.ctx, actorOf(request)),
  );

  app.patch(
    '/api/requests/:id',
    api({ summary: "Change a file request's texts, expiry, limits or password", tag, params, body: fileRequestUpdateSchema, responses: { 200: fileRequestResponseSchema }, errors: [404, 409] }),
    async (request) => ({
      request: await ownersView(request.ctx.db, await updateLink(request.ctx, actorOf(request), 'request', idOf(request), validated(fileRequestUpdateSchema, request.body))),
    }),
  );

  /** Closes the request at once; what it received stays in the folder. */
  app.delete('/api/requests/:id', api({ summary: 'Close a file request', tag, params, responses: { 204: NO_BODY }, errors: [404] }), async (request, reply) => {
    await revokeLink(request.ctx, actorOf(request), 'request', idOf(request));
    return reply.status(204).send();
  });

  endedRoutes(app, 'request', tag);

  app.get(
    '/api/r/:token',
    api({
      summary: "A file request's page (send X-Link-Grant once unlocked)",
      tag,
      access: 'public',
      params: linkPathSchema,
      query: fileRequestViewQuerySchema,
      responses: { 200: fileRequestViewSchema },
      errors: LINK_REFUSALS,
    }),
    async (request): Promise<FileRequestView> => {
      const { again } = validated(fileRequestViewQuerySchema, request.query);
      return viewFileRequest(request.ctx, await linkOf(request.ctx, 'request', request), { again: again === '1' });
    },
  );

  grantRoutes(app, deps, 'request', tag);

  /**
   * The visitor's files, through the same engine as the owner's uploads (type
   * rules, size limit, the owner's quota), into the request's folder. The
   * answer names only what this request carried. Uploads through requests are
   * counted per address in a budget of their own, as sign-ins are.
   */
  app.post(
    '/api/r/:token/upload',
    api({
      summary: 'Send files to a file request (multipart; optional uploader_name field)',
      tag,
      access: 'public',
      budget: 'link-upload',
      params: linkPathSchema,
      multipart: true,
      // 410: the request filled up or closed while its files arrived.
      responses: { 201: fileRequestUploadResponseSchema, 207: fileRequestUploadResponseSchema, 410: UPLOAD_REFUSED, 413: UPLOAD_REFUSED, 415: UPLOAD_REFUSED, 507: UPLOAD_REFUSED },
      errors: [...LINK_REFUSALS, 408],
    }),
    async (request, reply) => {
      const link = await linkOf(request.ctx, 'request', request);
      const owner = await ownerActor(request.ctx, link);
      const outcome = await handleUpload(request.ctx, owner, request, requestUploadForm(link));
      await announceArrivals(request.ctx, link, outcome.body.files);
      const { results, error, code, params } = outcome.body;
      const body: FileRequestUploadResponse = {
        results: results.map((r) => (r.ok ? { ok: true, name: r.name, size: r.file.file_size } : r)),
        ...(error ? { error, code, params } : {}),
      };
      return reply.status(outcome.status).send(body);
    },
  );

  /**
   * The same, resumably (tus), one file per upload: the upload is reachable
   * through this request's URL alone (with its grant when it has a password),
   * checked against the request's limits counting the visitor's unfinished
   * uploads, and never names the owner's file.
   */
  const request = (r: FastifyRequest) => linkOf(r.ctx, 'request', r);
  tusRoutes(app, deps.config.maxFileBytes, {
    path: '/api/r/:token/uploads',
    tag,
    access: 'public',
    budget: 'link-upload',
    params: linkPathSchema,
    uploadParams: fileRequestUploadParamsSchema,
    errors: LINK_REFUSALS,
    createSummary: 'Start sending one file to a file request resumably (Upload-Length; Upload-Metadata filename and optional uploader_name)',
    namesFile: false,
    location: (r, id) => `${fileRequestUploadsPath(tokenOf(r))}/${id}`,
    create: async (r, { length, metadata, rawMetadata }) =>
      createRequestUpload(r.ctx, await request(r), { length, metadata: parse(fileRequestUploadMetadataSchema, metadata), rawMetadata }),
    status: async (r, uploadId) => requestUploadStatus(r.ctx, await request(r), { uploadId }),
    append: async (r, append) => appendToRequestUpload(r.ctx, await request(r), append),
    cancel: async (r, uploadId) => cancelRequestUpload(r.ctx, await request(r), { uploadId }),
  });
}
