import type { FastifyReply } from 'fastify';
import type { DomainContext } from '../domain/shared/context.js';

/**
 * The domain context for one request whose deferred work (collecting an
 * emptied blob, deleting a duplicate's copy) must start only once its
 * response has been sent: that work depends on other users' content, and its
 * time must never show in the response. Its log lines carry the request's id.
 */
export function deferringUntilSent(ctx: DomainContext, reply: FastifyReply): DomainContext {
  const background = ctx.background.held();
  reply.raw.once('close', background.release);
  // What the domain logs for this request carries its request id.
  return { ...ctx, background, log: reply.log };
}
