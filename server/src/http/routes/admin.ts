import type { FastifyInstance } from 'fastify';
import {
  activityQuerySchema,
  activityResponseSchema,
  adminFileSearchSchema,
  adminFilesResponseSchema,
  adminStatsResponseSchema,
  adminUserResponseSchema,
  adminUserUpdateSchema,
  adminUsersResponseSchema,
  idParamSchema,
  topFilesQuerySchema,
  topFilesResponseSchema,
  type ActivityResponse,
} from '@vault/contract';
import { deleteAnyFile } from '../../domain/admin/delete-any-file.js';
import { getAdminStats } from '../../domain/admin/get-admin-stats.js';
import { listActivity } from '../../domain/admin/list-activity.js';
import { listAllFiles } from '../../domain/admin/list-all-files.js';
import { topFiles } from '../../domain/admin/top-files.js';
import { listUsers, updateUser } from '../../domain/admin/users.js';
import { actorOf } from '../auth-hook.js';
import { NO_BODY, api, type RouteSpec } from '../openapi/route-spec.js';
import { idOf, validated } from '../validate.js';

/** Every route here is for admins only: the auth hook answers 401 or 403 before any handler runs. */
const admin = (spec: Omit<RouteSpec, 'tag' | 'access'>) => api({ ...spec, tag: 'Admin', access: 'admin' });
const params = idParamSchema;

export function adminRoutes(app: FastifyInstance): void {
  app.get('/api/admin/stats', admin({ summary: 'System statistics with a 30-day timeline', responses: { 200: adminStatsResponseSchema } }), async (request) =>
    getAdminStats(request.ctx, actorOf(request)),
  );

  app.get('/api/admin/files', admin({ summary: 'Every file', query: adminFileSearchSchema, responses: { 200: adminFilesResponseSchema } }), async (request) =>
    listAllFiles(request.ctx, actorOf(request), validated(adminFileSearchSchema, request.query)),
  );

  app.get('/api/admin/files/top', admin({ summary: 'The most downloaded files', query: topFilesQuerySchema, responses: { 200: topFilesResponseSchema } }), async (request) => ({
    files: await topFiles(request.ctx, actorOf(request), validated(topFilesQuerySchema, request.query)),
  }));

  app.delete('/api/admin/files/:id', admin({ summary: 'Delete any file', params, responses: { 204: NO_BODY }, errors: [404] }), async (request, reply) => {
    await deleteAnyFile(request.ctx, actorOf(request), { fileId: idOf(request) });
    return reply.status(204).send();
  });

  app.get('/api/admin/users/stats', admin({ summary: 'Every user with their usage', responses: { 200: adminUsersResponseSchema } }), async (request) => ({
    users: await listUsers(request.ctx, actorOf(request)),
  }));

  app.put(
    '/api/admin/users/:id',
    admin({ summary: "Set a user's quota or admin flag", params, body: adminUserUpdateSchema, responses: { 200: adminUserResponseSchema }, errors: [404, 409] }),
    async (request) => ({
      user: await updateUser(request.ctx, actorOf(request), { userId: idOf(request), change: validated(adminUserUpdateSchema, request.body) }),
    }),
  );

  app.get('/api/admin/activity', admin({ summary: 'The audit log, newest first', query: activityQuerySchema, responses: { 200: activityResponseSchema } }), async (request): Promise<ActivityResponse> => ({
    activity: await listActivity(request.ctx, actorOf(request), validated(activityQuerySchema, request.query)),
  }));
}
