import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { FILE_ID_HEADER, TUS_VERSION } from '@vault/contract';
import type { Append, AppendResult } from '../domain/resumable/append-upload.js';
import type { CreatedUpload } from '../domain/resumable/create-upload.js';
import type { UploadStatus } from '../domain/resumable/upload-status.js';
import { Invalid, UnsupportedType } from '../domain/shared/errors.js';
import { NO_BODY, api } from './openapi/route-spec.js';
import type { Access, Budget } from './request-context.js';
import { byteCount, decodeMetadata, describeServer, httpDate, speaksTus, uploadChecksum } from './tus-headers.js';

const BYTES_TYPE = 'application/offset+octet-stream';

const uploadIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** One tus endpoint: where it is, who may call it, and the verbs behind it. */
export interface TusEndpoint {
  /** The route of the collection; each upload is at `${path}/:id`. */
  path: string;
  tag: string;
  access?: Access;
  budget?: Budget;
  /** The collection's path parameters, if any. */
  params?: z.ZodType;
  /** One upload's path parameters (with `id`). */
  uploadParams: z.ZodType;
  /** Refusals every route of the endpoint may give besides its own. */
  errors: number[];
  /** What the creation does besides starting an upload. */
  createSummary: string;
  /** Whether answers name the file a completed upload became (FILE_ID_HEADER). */
  namesFile: boolean;
  /** Where a new upload is: the URL its client goes on with. */
  location(request: FastifyRequest, id: string): string;
  create(request: FastifyRequest, input: { length: number; metadata: Record<string, string>; rawMetadata: string }): Promise<CreatedUpload>;
  status(request: FastifyRequest, uploadId: string): Promise<UploadStatus>;
  append(request: FastifyRequest, append: Omit<Append, 'via'>): Promise<AppendResult>;
  cancel(request: FastifyRequest, uploadId: string): Promise<void>;
}

/**
 * The tus 1.0 protocol (core, creation, termination, expiration, checksum)
 * at one endpoint. The bytes of a PATCH stream straight from the request into
 * the upload's object.
 */
export function tusRoutes(app: FastifyInstance, maxFileBytes: number, endpoint: TusEndpoint): void {
  const { path, tag, access, budget, errors, namesFile } = endpoint;
  const spec = (summary: string, params: z.ZodType | undefined, responses: Record<number, typeof NO_BODY>, own: number[]) =>
    api({ summary, tag, ...(access && { access }), ...(budget && { budget }), ...(params && { params }), responses, errors: [...new Set([...errors, ...own])] });
  const fileHeader = (fileId: number | undefined): Record<string, string> => (namesFile && fileId !== undefined ? { [FILE_ID_HEADER]: String(fileId) } : {});

  void app.register(async (tus) => {
    // PATCH bodies are read by the handler as they arrive, never buffered.
    tus.addContentTypeParser(BYTES_TYPE, (_request, _payload, done) => done(null));
    tus.addHook('onSend', async (request, reply) => {
      reply.header('tus-resumable', TUS_VERSION);
      // A PATCH refused before its body was read: the rest of it is not worth receiving.
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    tus.addHook('preHandler', async (request, reply) => {
      if (!speaksTus(request, reply)) return reply;
    });

    // What the server supports is no secret: OPTIONS is open to anyone.
    const about = { summary: 'The tus versions, extensions and size limit this server supports', tag, access: 'public' as const, ...(endpoint.params && { params: endpoint.params }), responses: { 204: NO_BODY } as const };
    tus.options(path, api(about), async (_request, reply) =>
      describeServer(reply, maxFileBytes).status(204).send(),
    );

    tus.post(path, spec(endpoint.createSummary, endpoint.params, { 201: NO_BODY }, [404, 409, 412, 413, 415, 507]), async (request, reply) => {
      if (request.headers['upload-defer-length'] !== undefined) throw new Invalid('Upload-Length is required: deferred lengths are not supported');
      const length = byteCount(request, 'upload-length');
      const header = request.headers['upload-metadata'];
      const rawMetadata = typeof header === 'string' ? header : '';
      const created = await endpoint.create(request, { length, metadata: decodeMetadata(rawMetadata), rawMetadata });
      reply.status(201).header('location', endpoint.location(request, created.id)).header('upload-expires', httpDate(created.expiresAt));
      // Complete already: its HEAD says so too, so that any tus client learns it.
      if (created.kind === 'complete') reply.header('upload-offset', String(length)).headers(fileHeader(created.file.id));
      return reply.send();
    });

    const one = `${path}/:id`;
    tus.head(one, spec(`An upload's offset, length and expiry${namesFile ? '; a completed upload names its file' : ''}`, endpoint.uploadParams, { 200: NO_BODY }, [404, 410, 412, 423]), async (request, reply) => {
      const status = await endpoint.status(request, uploadIdOf(request));
      reply
        .header('cache-control', 'no-store')
        .header('upload-offset', String(status.offset))
        .header('upload-length', String(status.length))
        .header('upload-expires', httpDate(status.expiresAt))
        .headers(fileHeader(status.fileId));
      if (status.metadata) reply.header('upload-metadata', status.metadata);
      return reply.status(200).send();
    });

    tus.patch(
      one,
      spec('Append bytes at Upload-Offset (application/offset+octet-stream), checked against Upload-Checksum when sent', endpoint.uploadParams, { 204: NO_BODY }, [404, 408, 409, 410, 412, 413, 415, 423, 460, 507]),
      async (request, reply) => {
        if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== BYTES_TYPE) {
          throw new UnsupportedType(`PATCH bodies must be ${BYTES_TYPE}`);
        }
        const offset = byteCount(request, 'upload-offset');
        const checksum = uploadChecksum(request);
        const result = await endpoint.append(request, { uploadId: uploadIdOf(request), offset, body: request.raw, checksum });
        reply.header('upload-offset', String(result.offset)).header('upload-expires', httpDate(result.expiresAt)).headers(fileHeader(result.fileId));
        return reply.status(204).send();
      },
    );

    tus.delete(one, spec('Cancel an upload and remove its bytes', endpoint.uploadParams, { 204: NO_BODY }, [404, 409, 412, 423]), async (request, reply) => {
      await endpoint.cancel(request, uploadIdOf(request));
      return reply.status(204).send();
    });
  });
}
