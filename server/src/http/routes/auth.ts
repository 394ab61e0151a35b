import type { FastifyInstance } from 'fastify';
import { loginRequestSchema, registerRequestSchema } from '@vault/contract';
import { actorDto, login, register, userStats } from '../../domain/accounts/users.js';
import { refreshSession, revokeSession } from '../../domain/accounts/sessions.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { parse } from '../validate.js';

export function authRoutes(app: FastifyInstance, { failures, realtime }: HttpDeps): void {
  const signInBudget = { config: { access: 'public', budget: 'sign-in' } } as const;

  app.post('/api/auth/register', signInBudget, async (request, reply) => {
    const input = parse(registerRequestSchema, request.body);
    const result = await failures.register(request.ip, () => register(request.ctx, input));
    return reply.status(201).send(result);
  });

  app.post('/api/auth/login', signInBudget, async (request) => {
    const input = parse(loginRequestSchema, request.body);
    return failures.signIn(request.ip, input.username, () => login(request.ctx, input));
  });

  app.get('/api/auth/me', async (request) => ({ user: actorDto(actorOf(request)) }));

  app.get('/api/auth/stats', async (request) => userStats(request.ctx, actorOf(request)));

  app.post('/api/auth/refresh', async (request) => {
    const actor = actorOf(request);
    const { token } = await refreshSession(request.ctx, actor);
    return { token, user: actorDto(actor) };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const actor = actorOf(request);
    await revokeSession(request.ctx, actor);
    realtime.endSession(actor.sessionId);
    return reply.status(204).send();
  });
}
