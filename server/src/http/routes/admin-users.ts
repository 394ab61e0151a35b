import type { FastifyInstance } from 'fastify';
import { adminUserCreatedSchema, adminUserCreateSchema, adminUserResponseSchema, deleteUserRequestSchema, idParamSchema, temporaryPasswordSchema } from '@vault/contract';
import { createUser } from '../../domain/admin/create-user.js';
import { deleteUser } from '../../domain/admin/delete-user.js';
import { disableUser } from '../../domain/admin/disable-user.js';
import { enableUser } from '../../domain/admin/enable-user.js';
import { resetPassword } from '../../domain/admin/reset-password.js';
import { resetTwoFactor } from '../../domain/admin/reset-two-factor.js';
import { actorOf } from '../auth-hook.js';
import { NO_BODY, api, type RouteSpec } from '../openapi/route-spec.js';
import { idOf, validated } from '../validate.js';

/** Managing users: every route here is for admins only (the auth hook answers 401 or 403 first). */
const admin = (spec: Omit<RouteSpec, 'tag' | 'access' | 'params'>) => api({ ...spec, tag: 'Admin', access: 'admin', params: idParamSchema });

export function adminUserRoutes(app: FastifyInstance): void {
  app.post(
    '/api/admin/users',
    api({ summary: 'Create an account with a temporary password, to be changed at the first sign-in', tag: 'Admin', access: 'admin', body: adminUserCreateSchema, responses: { 201: adminUserCreatedSchema }, errors: [409] }),
    async (request, reply) => reply.status(201).send(await createUser(request.ctx, actorOf(request), validated(adminUserCreateSchema, request.body))),
  );

  app.post('/api/admin/users/:id/disable', admin({ summary: 'Disable a user: signed out, no sign-in, public files hidden', responses: { 200: adminUserResponseSchema }, errors: [404] }), async (request) => ({
    user: await disableUser(request.ctx, actorOf(request), idOf(request)),
  }));

  app.post('/api/admin/users/:id/enable', admin({ summary: 'Enable a disabled user', responses: { 200: adminUserResponseSchema }, errors: [404] }), async (request) => ({
    user: await enableUser(request.ctx, actorOf(request), idOf(request)),
  }));

  app.post(
    '/api/admin/users/:id/reset-password',
    admin({ summary: 'Reset a password: a temporary one, to be changed at the next sign-in', responses: { 200: temporaryPasswordSchema }, errors: [404] }),
    async (request) => resetPassword(request.ctx, actorOf(request), idOf(request)),
  );

  app.post('/api/admin/users/:id/reset-2fa', admin({ summary: "Turn off a user's two-factor sign-in", responses: { 200: adminUserResponseSchema }, errors: [404] }), async (request) => ({
    user: await resetTwoFactor(request.ctx, actorOf(request), idOf(request)),
  }));

  app.delete(
    '/api/admin/users/:id',
    admin({ summary: 'Delete a user and their files (confirm with the username)', body: deleteUserRequestSchema, responses: { 204: NO_BODY }, errors: [404] }),
    async (request, reply) => {
      const id = idOf(request);
      const { confirm_username } = validated(deleteUserRequestSchema, request.body);
      await deleteUser(request.ctx, actorOf(request), id, confirm_username);
      return reply.status(204).send();
    },
  );
}
