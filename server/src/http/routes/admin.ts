import type { FastifyInstance } from 'fastify';
import {
  activityQuerySchema,
  adminFileSearchSchema,
  adminUserUpdateSchema,
  topFilesQuerySchema,
  type ActivityResponse,
} from '@vault/contract';
import { deleteAnyFile } from '../../domain/admin/delete-any-file.js';
import { getAdminStats } from '../../domain/admin/get-admin-stats.js';
import { listActivity } from '../../domain/admin/list-activity.js';
import { listAllFiles } from '../../domain/admin/list-all-files.js';
import { topFiles } from '../../domain/admin/top-files.js';
import { listUsers, updateUser } from '../../domain/admin/users.js';
import { actorOf } from '../auth-hook.js';
import { idOf, parse } from '../validate.js';

/** Every route here is for admins only: the auth hook answers 401 or 403 before any handler runs. */
const ADMIN = { config: { access: 'admin' } } as const;

export function adminRoutes(app: FastifyInstance): void {
  app.get('/api/admin/stats', ADMIN, async (request) => getAdminStats(request.ctx, actorOf(request)));

  app.get('/api/admin/files', ADMIN, async (request) => listAllFiles(request.ctx, actorOf(request), parse(adminFileSearchSchema, request.query)));

  app.get('/api/admin/files/top', ADMIN, async (request) => ({
    files: await topFiles(request.ctx, actorOf(request), parse(topFilesQuerySchema, request.query)),
  }));

  app.delete('/api/admin/files/:id', ADMIN, async (request, reply) => {
    await deleteAnyFile(request.ctx, actorOf(request), { fileId: idOf(request) });
    return reply.status(204).send();
  });

  app.get('/api/admin/users/stats', ADMIN, async (request) => ({ users: await listUsers(request.ctx, actorOf(request)) }));

  app.put('/api/admin/users/:id', ADMIN, async (request) => ({
    user: await updateUser(request.ctx, actorOf(request), { userId: idOf(request), change: parse(adminUserUpdateSchema, request.body) }),
  }));

  app.get('/api/admin/activity', ADMIN, async (request): Promise<ActivityResponse> => ({
    activity: await listActivity(request.ctx, actorOf(request), parse(activityQuerySchema, request.query)),
  }));
}
