import type { Actor, DomainContext } from '../domain/shared/context.js';

/** Who may call a route. Every /api route requires a user unless it says otherwise. */
export type Access = 'public' | 'user' | 'admin';

/**
 * Which rate budget a route's anonymous requests use, besides the general one:
 * sign-in and registration, websocket upgrades, or uploads through file requests.
 */
export type Budget = 'sign-in' | 'websocket' | 'link-upload';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    budget?: Budget;
    /** Open to a user who must change their password first (after an admin reset): the routes that let them do it. */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
    /** The domain context of this request: its deferred work waits until the response is sent. */
    ctx: DomainContext;
  }
}

export {};
