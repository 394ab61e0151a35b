import type { FastifyInstance } from 'fastify';
import { REGISTRATION_CLOSED, loginRequestSchema, registerRequestSchema } from '@vault/contract';
import { actorDto, login, register, userStats } from '../../domain/accounts/users.js';
import { refreshSession, revokeSession } from '../../domain/accounts/sessions.js';
import { actorOf } from '../auth-hook.js';
import { Forbidden } from '../../domain/shared/errors.js';
import type { HttpDeps } from '../deps.js';
import { parse } from '../validate.js';

export function authRoutes(app: FastifyInstance, { ctx, config, failures, realtime }: HttpDeps): void {
  const signInBudget = { config: { access: 'public', budget: 'sign-in' } } as const;

  app.post('/api/auth/register', signInBudget, async (request, reply) => {
    if (!config.allowRegistration) throw new Forbidden(REGISTRATION_CLOSED);
    const input = parse(registerRequestSchema, request.body);
    const result = await failures.register(request.ip, () => register(ctx, input));
    return reply.status(201).send(result);
  });

  app.post('/api/auth/login', signInBudget, async (request) => {
    const input = parse(loginRequestSchema, request.body);
    return failures.signIn(request.ip, input.username, () => login(ctx, input));
  });

  app.get('/api/auth/me', async (request) => ({ user: actorDto(actorOf(request)) }));

  app.get('/api/auth/stats', async (request) => userStats(ctx, actorOf(request).id));

  app.post('/api/auth/refresh', async (request) => {
    const actor = actorOf(request);
    const { token } = await refreshSession(ctx, actor);
    return { token, user: actorDto(actor) };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const actor = actorOf(request);
    await revokeSession(ctx, actor);
    realtime.endSession(actor.sessionId);
    return reply.status(204).send();
  });
}
