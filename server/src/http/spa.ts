import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { requestPath } from './security.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never
 * cached, and every non-API path answered with index.html so deep links load.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // One route per built file (a rebuild is served after a restart); a catch-all
      // route would also swallow unknown /api paths.
      wildcard: false,
      // Our own Cache-Control below, not the plugin's default.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const asked = requestPath(request.url);
    const isApi = asked === '/api' || asked.startsWith('/api/') || asked.startsWith('/ws');
    // A missing asset is a 404, not the app: a stale page must not run index.html as a script.
    const isAsset = asked.startsWith('/assets/');
    if (isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'Not found' });
    }
    if (!built) return reply.status(404).send({ error: 'The web app is not built; run npm run build' });
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
