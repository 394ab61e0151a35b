import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';
import { setLinkHeaders } from './link-headers.js';
import { redactUrl, securityHeaders, type SecurityHeaderOptions } from './security.js';

type Step = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * What every request gets, whoever answers it: the answer's headers before
 * anything answers, the log line and metrics once answered. Hooks apply them
 * to routed requests; the router's own refusals (a malformed URL) run no
 * hooks and apply them by hand (routerErrors).
 */
export interface EveryRequest {
  start: Step;
  end: Step;
}

export function everyRequest(opts: SecurityHeaderOptions & { metrics: Metrics | undefined }): EveryRequest {
  const setSecurityHeaders = securityHeaders(opts);
  return {
    start(request, reply) {
      // Our own id (see genReqId), on every log line the request causes too.
      reply.header('x-request-id', request.id);
      setSecurityHeaders(request, reply);
      setLinkHeaders(request, reply);
    },
    end(request, reply) {
      // By route template: unmatched paths share one series.
      opts.metrics?.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      // Our own line instead of Fastify's, whose URLs would include credentials.
      request.log.info(
        { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime), user: request.actor?.id },
        'request',
      );
    },
  };
}

export function registerEveryRequest(app: FastifyInstance, every: EveryRequest): void {
  app.addHook('onRequest', async (request, reply) => every.start(request, reply));
  app.addHook('onResponse', async (request, reply) => every.end(request, reply));
}
