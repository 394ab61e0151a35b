import type { FastifyInstance } from 'fastify';
import { deleteUserRequestSchema } from '@vault/contract';
import { deleteUser } from '../../domain/admin/delete-user.js';
import { disableUser } from '../../domain/admin/disable-user.js';
import { enableUser } from '../../domain/admin/enable-user.js';
import { resetPassword } from '../../domain/admin/reset-password.js';
import { resetTwoFactor } from '../../domain/admin/reset-two-factor.js';
import { actorOf } from '../auth-hook.js';
import { idOf, parse } from '../validate.js';

/** Managing users: every route here is for admins only (the auth hook answers 401 or 403 first). */
const ADMIN = { config: { access: 'admin' } } as const;

export function adminUserRoutes(app: FastifyInstance): void {
  app.post('/api/admin/users/:id/disable', ADMIN, async (request) => ({ user: await disableUser(request.ctx, actorOf(request), idOf(request)) }));

  app.post('/api/admin/users/:id/enable', ADMIN, async (request) => ({ user: await enableUser(request.ctx, actorOf(request), idOf(request)) }));

  app.post('/api/admin/users/:id/reset-password', ADMIN, async (request) => resetPassword(request.ctx, actorOf(request), idOf(request)));

  app.post('/api/admin/users/:id/reset-2fa', ADMIN, async (request) => ({ user: await resetTwoFactor(request.ctx, actorOf(request), idOf(request)) }));

  app.delete('/api/admin/users/:id', ADMIN, async (request, reply) => {
    const id = idOf(request);
    const { confirm_username } = parse(deleteUserRequestSchema, request.body);
    await deleteUser(request.ctx, actorOf(request), id, confirm_username);
    return reply.status(204).send();
  });
}
