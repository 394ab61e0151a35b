import type { FastifyInstance } from 'fastify';
import { fileRequestCreateSchema, fileRequestUpdateSchema, type FileRequestUploadResponse, type FileRequestView } from '@vault/contract';
import { createFileRequest, listFileRequests } from '../../domain/requests/create-request.js';
import { fileRequestDto } from '../../domain/links/dto.js';
import { announceArrivals, ownerActor, requestUploadForm } from '../../domain/requests/receive-upload.js';
import { viewFileRequest } from '../../domain/requests/view-request.js';
import { revokeLink } from '../../domain/links/revoke-link.js';
import { updateLink } from '../../domain/links/update-link.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { handleUpload } from '../upload.js';
import { idOf, parse } from '../validate.js';
import { linkOf, unlock } from './links.js';

const PUBLIC = { config: { access: 'public' as const } };
/** Uploads through requests are counted per address in a budget of their own, as sign-ins are. */
const PUBLIC_UPLOAD = { config: { access: 'public' as const, budget: 'link-upload' as const } };

export function fileRequestRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { ctx } = deps;

  app.post('/api/requests', async (request, reply) => {
    const created = await createFileRequest(ctx, actorOf(request), parse(fileRequestCreateSchema, request.body));
    return reply.status(201).send({ request: created });
  });

  app.get('/api/requests', async (request) => listFileRequests(ctx, actorOf(request)));

  app.patch('/api/requests/:id', async (request) => ({
    request: fileRequestDto(await updateLink(ctx, actorOf(request), 'request', idOf(request), parse(fileRequestUpdateSchema, request.body))),
  }));

  /** Closes the request at once; what it received stays in the folder. */
  app.delete('/api/requests/:id', async (request, reply) => {
    await revokeLink(ctx, actorOf(request), 'request', idOf(request));
    return reply.status(204).send();
  });

  app.get('/api/r/:token', PUBLIC, async (request): Promise<FileRequestView> => viewFileRequest(ctx, await linkOf(ctx, 'request', request)));

  app.post('/api/r/:token/unlock', PUBLIC, async (request) => unlock(deps, 'request', request));

  /**
   * The visitor's files, through the same engine as the owner's uploads (type
   * rules, size limit, the owner's quota), into the request's folder. The
   * answer names only what this request carried.
   */
  app.post('/api/r/:token/upload', PUBLIC_UPLOAD, async (request, reply) => {
    const link = await linkOf(ctx, 'request', request);
    const owner = await ownerActor(ctx, link);
    const outcome = await handleUpload(request.ctx, owner, request, requestUploadForm(link));
    await announceArrivals(ctx, link, outcome.body.files);
    const body: FileRequestUploadResponse = {
      results: outcome.body.results.map((r) => (r.ok ? { ok: true, name: r.name, size: r.file.file_size } : r)),
      ...(outcome.body.error ? { error: outcome.body.error } : {}),
    };
    return reply.status(outcome.status).send(body);
  });
}
