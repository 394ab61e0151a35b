import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

const NOT_FOUND = JSON.stringify({ error: 'Not found' });

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const [scheme, given] = (header ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** Who may read the metrics: with a token, whoever shows it; without, nobody on this port. */
function allowed(token: string | undefined, authorization: string | undefined): boolean {
  return token !== undefined && tokenMatches(authorization, token);
}

/**
 * GET /metrics on the app's own port: only with METRICS_TOKEN as a bearer
 * token. Without a token configured it answers 404 like any unknown path,
 * so metrics are never public by accident.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics | undefined, token: string | undefined): void {
  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (!metrics || !allowed(token, request.headers.authorization)) {
      return reply.status(404).type('application/json').send(NOT_FOUND);
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * METRICS_PORT: a listener of its own that serves only GET /metrics, for a
 * port that the firewall keeps to the monitoring network. METRICS_TOKEN,
 * when set, is required there too.
 */
export async function listenForMetrics(metrics: Metrics, port: number, host: string, token: string | undefined): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics' || (token !== undefined && !allowed(token, req.headers.authorization))) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(NOT_FOUND);
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Internal server error' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
