import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DomainContext } from '../domain/shared/context.js';
import './request-context.js';

/**
 * The domain context for one request, whose deferred work (collecting an
 * emptied blob, deleting a duplicate's copy) starts only once its response
 * has been sent: that work depends on other users' content, and its time must
 * never show in the response. Its log lines carry the request's id.
 */
function deferringUntilSent(ctx: DomainContext, reply: FastifyReply): DomainContext {
  const background = ctx.background.held();
  reply.raw.once('close', background.release);
  // What the domain logs for this request carries its request id.
  return { ...ctx, background, log: reply.log };
}

/**
 * Gives every request its own context as `request.ctx`, so no route can
 * forget to hold its deferred work. A websocket has no moment at which its
 * response is sent: its work is deferred as usual, to the next turn.
 */
export function registerRequestContext(app: FastifyInstance, ctx: DomainContext): void {
  // Fastify's decorations start out null (a shared object would be shared by every request); the hook sets it first.
  app.decorateRequest('ctx', null as unknown as DomainContext);
  app.addHook('onRequest', async (request, reply) => {
    request.ctx = request.ws ? ctx : deferringUntilSent(ctx, reply);
  });
}
