import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginRequestSchema, registerRequestSchema } from '@vault/contract';
import { DomainError, Unauthorized } from '../../domain/errors.js';
import { actorDto, login, register, userStats } from '../../domain/users.js';
import { refreshSession, revokeSession } from '../../domain/sessions.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { parse } from '../validate.js';

function usernameKey(body: unknown): string | undefined {
  const name = (body as { username?: unknown } | null)?.username;
  return typeof name === 'string' && name.length > 0 ? name.trim().toLowerCase().slice(0, 100) : undefined;
}

export function authRoutes(app: FastifyInstance, { ctx, failures, realtime }: HttpDeps): void {
  const attemptKeys = (kind: string, request: FastifyRequest) => {
    const name = usernameKey(request.body);
    return [`${kind}:ip:${request.ip}`, ...(name ? [`${kind}:user:${name}`] : [])];
  };

  app.post('/api/auth/register', { config: { access: 'public' } }, async (request, reply) => {
    const keys = attemptKeys('register', request);
    await failures.assertAllowed(keys);
    try {
      const result = await register(ctx, parse(registerRequestSchema, request.body));
      return reply.status(201).send(result);
    } catch (err) {
      if (err instanceof DomainError) await failures.recordFailure(keys);
      throw err;
    }
  });

  app.post('/api/auth/login', { config: { access: 'public' } }, async (request) => {
    const keys = attemptKeys('login', request);
    await failures.assertAllowed(keys);
    const input = parse(loginRequestSchema, request.body);
    try {
      const result = await login(ctx, input);
      await failures.clear(keys.slice(1));
      return result;
    } catch (err) {
      if (err instanceof Unauthorized) await failures.recordFailure(keys);
      throw err;
    }
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
