import type { FastifyInstance } from 'fastify';
import { RESUMABLE_UPLOADS_PATH, resumableMetadataSchema, resumableUploadParamsSchema } from '@vault/contract';
import { appendToUpload } from '../../domain/resumable/append-upload.js';
import { cancelResumableUpload } from '../../domain/resumable/cancel-upload.js';
import { createResumableUpload } from '../../domain/resumable/create-upload.js';
import { resumableUploadStatus } from '../../domain/resumable/upload-status.js';
import { actorOf } from '../auth-hook.js';
import { tusRoutes } from '../tus-routes.js';
import { parse } from '../validate.js';

/** Resumable uploads (tus) at /api/uploads, signed in like every API route; a completed upload's answers name its file. */
export function uploadRoutes(app: FastifyInstance, maxFileBytes: number): void {
  tusRoutes(app, maxFileBytes, {
    path: RESUMABLE_UPLOADS_PATH,
    tag: 'Resumable uploads',
    uploadParams: resumableUploadParamsSchema,
    errors: [],
    createSummary: 'Create a resumable upload (Upload-Length, Upload-Metadata); completes at once for content the caller owns',
    namesFile: true,
    location: (_request, id) => `${RESUMABLE_UPLOADS_PATH}/${id}`,
    create: (request, { length, metadata, rawMetadata }) =>
      createResumableUpload(request.ctx, actorOf(request), { length, metadata: parse(resumableMetadataSchema, metadata), rawMetadata }),
    status: (request, uploadId) => resumableUploadStatus(request.ctx, actorOf(request), { uploadId }),
    append: (request, append) => appendToUpload(request.ctx, actorOf(request), append),
    cancel: (request, uploadId) => cancelResumableUpload(request.ctx, actorOf(request), { uploadId }),
  });
}
