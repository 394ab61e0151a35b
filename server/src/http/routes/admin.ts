import type { FastifyInstance } from 'fastify';
import {
  activityQuerySchema,
  adminFileSearchSchema,
  adminUserUpdateSchema,
  topFilesQuerySchema,
  type ActivityResponse,
} from '@vault/contract';
import { listActivity } from '../../domain/shared/activity.js';
import { adminStats, listAllFiles, topFiles } from '../../domain/admin/overview.js';
import { adminUserRows, updateUser } from '../../domain/admin/users.js';
import { adminDeleteFile } from '../../domain/files/files.js';
import { deferringUntilSent } from '../after-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { idOf, parse } from '../validate.js';

/** Every route here is for admins only: the auth hook answers 401 or 403 before any handler runs. */
const ADMIN = { config: { access: 'admin' } } as const;

export function adminRoutes(app: FastifyInstance, { ctx }: HttpDeps): void {
  app.get('/api/admin/stats', ADMIN, async () => adminStats(ctx.db));

  app.get('/api/admin/files', ADMIN, async (request) => listAllFiles(ctx.db, actorOf(request), parse(adminFileSearchSchema, request.query)));

  app.get('/api/admin/files/top', ADMIN, async (request) => ({
    files: await topFiles(ctx.db, parse(topFilesQuerySchema, request.query).limit),
  }));

  app.delete('/api/admin/files/:id', ADMIN, async (request, reply) => {
    await adminDeleteFile(deferringUntilSent(ctx, reply), actorOf(request), idOf(request));
    return reply.status(204).send();
  });

  app.get('/api/admin/users/stats', ADMIN, async () => ({ users: await adminUserRows(ctx) }));

  app.put('/api/admin/users/:id', ADMIN, async (request) => ({
    user: await updateUser(ctx, actorOf(request), idOf(request), parse(adminUserUpdateSchema, request.body)),
  }));

  app.get('/api/admin/activity', ADMIN, async (request): Promise<ActivityResponse> => ({
    activity: await listActivity(ctx.db, parse(activityQuerySchema, request.query)),
  }));
}
