import type { Actor } from '../domain/context.js';

/** Who may call a route. Every /api route requires a user unless it says otherwise. */
export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
  }
}

export {};
