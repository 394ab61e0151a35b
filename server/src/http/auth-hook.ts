import { sentence } from '@vault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, DomainContext } from '../domain/shared/context.js';
import { Forbidden, Unauthorized } from '../domain/shared/errors.js';
import { authenticate } from '../domain/accounts/sessions.js';
import { adminRefusal } from '../domain/accounts/admin-rights.js';
import { requestPath } from './security.js';
import './request-context.js';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Default-deny: an /api route is open only when its config says access:
 * 'public'. A user whose password an admin reset reaches only the routes
 * marked beforePasswordChange until they choose a new one; on public routes
 * their token counts for nothing (they are anonymous there).
 */
export function registerAuthHook(app: FastifyInstance, ctx: DomainContext): void {
  app.decorateRequest('actor', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return; // no route: the not-found handler answers
    const access = request.routeOptions.config.access ?? (requestPath(request.url).startsWith('/api/') ? 'user' : 'public');
    const token = bearerToken(request);
    if (token) {
      try {
        request.actor = await authenticate(ctx, token);
      } catch (err) {
        // A stale token on a public route is ignored: the visitor is anonymous.
        if (access !== 'public') throw err;
      }
    }
    if (access === 'public') {
      if (request.actor?.mustChangePassword) request.actor = undefined;
      return;
    }
    if (!request.actor) throw new Unauthorized();
    if (request.actor.mustChangePassword && !request.routeOptions.config.beforePasswordChange) throw new Forbidden(sentence('passwordChangeRequired'));
    if (access !== 'admin') return;
    const refusal = adminRefusal(request.actor, ctx.settings);
    if (refusal) throw new Forbidden(refusal);
  });
}

/** The caller of a route that required sign-in. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Unauthorized();
  return request.actor;
}
