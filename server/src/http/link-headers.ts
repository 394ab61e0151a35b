import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestPath } from './security.js';

/** Landing pages of share links and file requests, and the API calls they make. */
const LINK_PATHS = /^\/(?:api\/)?[sr]\//;

/**
 * A link's pages stay out of search engines, and its URL (the token) is never
 * sent on to another site as a Referer. Set after the security headers, so
 * this Referrer-Policy replaces the general one.
 */
export function setLinkHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!LINK_PATHS.test(requestPath(request.url))) return;
  reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
}
