import { sentence, type Sentence } from '@vault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, DomainContext } from '../domain/shared/context.js';
import { Forbidden, Unauthorized } from '../domain/shared/errors.js';
import { authenticate } from '../domain/accounts/sessions.js';
import './request-context.js';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export interface AuthPolicy {
  /** Admin routes refuse an admin who has not turned on two-factor sign-in. */
  requireTwoFactorForAdmins: boolean;
}


/**
 * Why this caller may not act as an admin now, or undefined when they may:
 * the one gate for the admin routes and for what a websocket receives as an
 * admin (every user's events).
 */
export function adminRefusal(caller: Pick<Actor, 'isAdmin' | 'twoFactor' | 'mustChangePassword'>, policy: AuthPolicy): Sentence | undefined {
  if (!caller.isAdmin) return sentence('adminRequired');
  if (caller.mustChangePassword) return sentence('passwordChangeRequired');
  if (policy.requireTwoFactorForAdmins && !caller.twoFactor) return sentence('twoFactorRequired');
  return undefined;
}

/**
 * The caller as every route but the admin routes sees them: an admin the gate
 * refuses (no two-factor sign-in yet where it is required, a password to
 * choose first) reads and acts as a plain user, so a password alone never
 * opens every user's files through the user routes.
 */
function withAdminRightsChecked(actor: Actor, policy: AuthPolicy): Actor {
  return actor.isAdmin && adminRefusal(actor, policy) ? { ...actor, isAdmin: false } : actor;
}

/**
 * Default-deny: an /api route is open only when its config says access:
 * 'public'. A user whose password an admin reset reaches only the routes
 * marked beforePasswordChange until they choose a new one; on public routes
 * their token counts for nothing (they are anonymous there).
 */
export function registerAuthHook(app: FastifyInstance, ctx: DomainContext, policy: AuthPolicy): void {
  app.decorateRequest('actor', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === undefined) return; // no route: the not-found handler answers
    const access = request.routeOptions.config.access ?? (request.url.startsWith('/api/') ? 'user' : 'public');
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
      if (request.actor) request.actor = request.actor.mustChangePassword ? undefined : withAdminRightsChecked(request.actor, policy);
      return;
    }
    if (!request.actor) throw new Unauthorized();
    if (request.actor.mustChangePassword && !request.routeOptions.config.beforePasswordChange) throw new Forbidden(sentence('passwordChangeRequired'));
    if (access !== 'admin') {
      request.actor = withAdminRightsChecked(request.actor, policy);
      return;
    }
    const refusal = adminRefusal(request.actor, policy);
    if (refusal) throw new Forbidden(refusal);
  });
}

/** The caller of a route that required sign-in. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Unauthorized();
  return request.actor;
}
