import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@vault/contract';
import { DomainError, RateLimited, TimedOut, type ErrorKind } from '../domain/shared/errors.js';
import type { EveryRequest } from './every-request.js';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  quota_exceeded: 507,
  timeout: 408,
  locked: 423,
  // The tus checksum extension's own status.
  checksum_mismatch: 460,
  upgrade_required: 426,
};

export function statusOf(err: DomainError): number {
  return STATUS[err.kind];
}

/** Fastify's own failures (bad JSON, wrong content type...) in words a user can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must be a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data upload',
  // A path the router cannot decode (a % not followed by two hex digits): never echoed, it may hold a link's token.
  FST_ERR_BAD_URL: 'Request URL is not valid',
};

/** What a route sets for the bytes it is about to send: the error that came instead describes none of them. */
const BYTES_HEADERS = ['etag', 'last-modified', 'content-disposition', 'content-range', 'accept-ranges'];

/**
 * Every error leaves as `{ error }` (with its sentence's id and its particulars beside it) and the
 * status of its kind above; anything unexpected is a 500 saying only
 * "Internal server error": never a stack, SQL or a path. No error is stored by a cache, and none
 * keeps the headers of bytes a route had begun to describe (a public file's ETag would let a cache
 * answer the error again for as long as the file stays the same).
 */
function sendError(err: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  for (const name of BYTES_HEADERS) reply.removeHeader(name);
  reply.header('cache-control', 'no-store');
  if (err instanceof DomainError) {
    if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
    // A request cut off for being too slow was not read to its end: its connection cannot carry another.
    if (err instanceof TimedOut) reply.header('connection', 'close');
    const body: ErrorResponse = { ...err.details, error: err.message, ...err.ref };
    return reply.status(statusOf(err)).send(body);
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error' });
  }
  const known = err.code ? FASTIFY_MESSAGES[err.code] : undefined;
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError') {
    return reply.status(400).send({ error: FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY });
  }
  return reply.status(status).send({ error: known ?? (status === 429 ? err.message : 'Bad request') });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's frameworkErrors: what the router refuses before any route or hook
 * runs (a malformed URL) is answered like any other error, with every
 * request's headers and log line.
 */
export function routerErrors(every: EveryRequest) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    every.start(request, reply);
    sendError(err, request, reply);
    every.end(request, reply);
  };
}
