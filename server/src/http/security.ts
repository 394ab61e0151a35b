import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** One year; browsers only honour it on a response that came over HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security on every response: TLS ends at a proxy that does not say so. */
  hsts: boolean;
}

/** The built SPA runs no inline script; previews of pictures and texts use blob: URLs, of PDFs the file's own. */
const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The upload queue hashes files with WebAssembly (hash-wasm, in a worker): compiling
      // WebAssembly is allowed, evaluating script text is not.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Toasts and dialogs set style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      objectSrc: ["'none'"],
      workerSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  hsts: false,
  referrerPolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets with these options, computed once: they depend on
 * no request (no nonces), and building helmet's middleware and its policy for
 * each request, as its Fastify plugin does, cost more than the rest of the
 * request's hooks.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // helmet only sets and removes headers, on the response alone.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Sets the security headers of an answer (see every-request.ts); helmet runs once, here. */
export function securityHeaders(opts: SecurityHeaderOptions): (request: FastifyRequest, reply: FastifyReply) => void {
  const headers = helmetHeaders(HELMET);
  return (request, reply) => {
    reply.headers(headers);
    // API answers are about one caller and must not outlive the request in any
    // cache; routes that may be cached (public downloads) set their own.
    if (requestPath(request.url).startsWith('/api/')) reply.header('cache-control', 'no-store');
    // The protocol is https when Vault serves TLS or a trusted proxy says so (X-Forwarded-Proto).
    if (opts.hsts || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  };
}

/** The origin of an absolute-form request target ("GET http://host/path"), which the router accepts too. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * A request's path as the router reads it, which is what any rule about paths
 * must look at: without the origin of an absolute-form target or the query,
 * percent-escapes decoded ("/api/%73/..." reaches the routes of "/api/s/...").
 */
export function requestPath(url: string): string {
  return decoded(url.replace(ORIGIN, '').split('?', 1)[0]!) || '/';
}

/** Query parameters that carry credentials; never logged. */
const SECRET_PARAMS = /([?&](?:token|dl|grant)=)[^&]*/gi;
/** Share link and file request tokens in paths (pages and API): credentials too. */
const SECRET_PATHS = /^(\/(?:api\/)?[sr]\/)[^/?]+/;

/** A request target as it may be logged: read as the router reads it, credentials replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  const path = requestPath(url).replace(SECRET_PATHS, '$1[redacted]');
  return query < 0 ? path : `${path}${decoded(url.slice(query)).replace(SECRET_PARAMS, '$1[redacted]')}`;
}
