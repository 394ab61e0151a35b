import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_ID_HEADER, RESUMABLE_UPLOADS_PATH, resumableUploadParamsSchema as params, TUS_VERSION, resumableMetadataSchema } from '@vault/contract';
import { appendToUpload } from '../../domain/resumable/append-upload.js';
import { cancelResumableUpload } from '../../domain/resumable/cancel-upload.js';
import { createResumableUpload } from '../../domain/resumable/create-upload.js';
import { resumableUploadStatus } from '../../domain/resumable/upload-status.js';
import { Invalid, UnsupportedType } from '../../domain/shared/errors.js';
import { actorOf } from '../auth-hook.js';
import { byteCount, decodeMetadata, describeServer, httpDate, speaksTus, uploadChecksum } from '../tus-headers.js';
import { NO_BODY, api } from '../openapi/route-spec.js';
import { parse } from '../validate.js';

const BYTES_TYPE = 'application/offset+octet-stream';

const uploadIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * Resumable uploads: the tus 1.0 protocol (core, creation, termination,
 * expiration, checksum) at /api/uploads, signed in like every API route. The bytes of a
 * PATCH stream straight from the request into the upload's object.
 */
export function uploadRoutes(app: FastifyInstance, maxFileBytes: number): void {
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

    tus.options(RESUMABLE_UPLOADS_PATH, api({ summary: 'The tus versions, extensions and size limit this server supports', tag: 'Resumable uploads', access: 'public', responses: { 204: NO_BODY } }), async (_request, reply) =>
      describeServer(reply, maxFileBytes).status(204).send(),
    );

    tus.post(RESUMABLE_UPLOADS_PATH, api({ summary: 'Create a resumable upload (Upload-Length, Upload-Metadata); completes at once for content the caller owns', tag: 'Resumable uploads', responses: { 201: NO_BODY }, errors: [404, 409, 412, 413, 415, 507] }), async (request, reply) => {
      if (request.headers['upload-defer-length'] !== undefined) throw new Invalid('Upload-Length is required: deferred lengths are not supported');
      const length = byteCount(request, 'upload-length');
      const rawMetadata = request.headers['upload-metadata'];
      const metadata = parse(resumableMetadataSchema, decodeMetadata(typeof rawMetadata === 'string' ? rawMetadata : undefined));
      const created = await createResumableUpload(request.ctx, actorOf(request), {
        length,
        metadata,
        rawMetadata: typeof rawMetadata === 'string' ? rawMetadata : '',
      });
      reply.status(201).header('location', `${RESUMABLE_UPLOADS_PATH}/${created.id}`).header('upload-expires', httpDate(created.expiresAt));
      // Complete already: its HEAD says so too, so that any tus client learns it.
      if (created.kind === 'complete') reply.header('upload-offset', String(length)).header(FILE_ID_HEADER, String(created.file.id));
      return reply.send();
    });

    tus.head(`${RESUMABLE_UPLOADS_PATH}/:id`, api({ summary: "An upload's offset, length and expiry; a completed upload names its file", tag: 'Resumable uploads', params, responses: { 200: NO_BODY }, errors: [404, 410, 412, 423] }), async (request, reply) => {
      const status = await resumableUploadStatus(request.ctx, actorOf(request), { uploadId: uploadIdOf(request) });
      reply
        .header('cache-control', 'no-store')
        .header('upload-offset', String(status.offset))
        .header('upload-length', String(status.length))
        .header('upload-expires', httpDate(status.expiresAt));
      if (status.metadata) reply.header('upload-metadata', status.metadata);
      if (status.fileId !== undefined) reply.header(FILE_ID_HEADER, String(status.fileId));
      return reply.status(200).send();
    });

    tus.patch(`${RESUMABLE_UPLOADS_PATH}/:id`, api({ summary: 'Append bytes at Upload-Offset (application/offset+octet-stream), checked against Upload-Checksum when sent', tag: 'Resumable uploads', params, responses: { 204: NO_BODY }, errors: [404, 408, 409, 410, 412, 413, 415, 423, 460, 507] }), async (request, reply) => {
      if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== BYTES_TYPE) {
        throw new UnsupportedType(`PATCH bodies must be ${BYTES_TYPE}`);
      }
      const offset = byteCount(request, 'upload-offset');
      const checksum = uploadChecksum(request);
      const result = await appendToUpload(request.ctx, actorOf(request), { uploadId: uploadIdOf(request), offset, body: request.raw, checksum });
      reply.header('upload-offset', String(result.offset)).header('upload-expires', httpDate(result.expiresAt));
      if (result.fileId !== undefined) reply.header(FILE_ID_HEADER, String(result.fileId));
      return reply.status(204).send();
    });

    tus.delete(`${RESUMABLE_UPLOADS_PATH}/:id`, api({ summary: 'Cancel an upload and remove its bytes', tag: 'Resumable uploads', params, responses: { 204: NO_BODY }, errors: [404, 409, 412, 423] }), async (request, reply) => {
      await cancelResumableUpload(request.ctx, actorOf(request), { uploadId: uploadIdOf(request) });
      return reply.status(204).send();
    });
  });
}
