import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildDocument, type RegisteredRoute } from '../openapi/document.js';
import { FILE_BYTES, api } from '../openapi/route-spec.js';
import { validated } from '../validate.js';
import { NotFound } from '../../domain/shared/errors.js';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const version = (require('../../../package.json') as { version: string }).version;

/** The viewer's own files, served from the installed package: no CDN, and scripts only from this origin (CSP). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Vault API reference</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** No inline script under the CSP: the viewer starts from a file of its own. */
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: false });\n`;

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document of every declared route (built once all are registered). */
    openApiDocument(): Record<string, unknown>;
    /** Every route as registered, declared or not: what the document must cover. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

const assetParams = z.object({ asset: z.string() });

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every declared route,
 * built once all routes are registered. GET /api/docs: Swagger UI over it.
 */
export function apiDocsRoutes(app: FastifyInstance, routes: readonly RegisteredRoute[]): void {
  let document: Record<string, unknown> | undefined;
  let text: string | undefined;
  app.decorate('openApiDocument', () => (document ??= buildDocument(routes, version)));
  app.decorate('registeredRoutes', routes);
  app.get('/api/openapi.json', api({ summary: 'This document', tag: 'System', access: 'public', responses: { 200: z.record(z.string(), z.unknown()) } }), async (_request, reply) => {
    text ??= JSON.stringify(app.openApiDocument());
    return reply.type('application/json; charset=utf-8').send(text);
  });

  app.get('/api/docs', api({ summary: 'The browsable API reference (HTML)', tag: 'System', access: 'public', responses: { 200: FILE_BYTES } }), async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  app.get('/api/docs/init.js', api({ summary: "The reference viewer's start script", tag: 'System', access: 'public', responses: { 200: FILE_BYTES } }), async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(INIT),
  );
  app.get(
    '/api/docs/:asset',
    api({ summary: "The reference viewer's files", tag: 'System', access: 'public', params: assetParams, responses: { 200: FILE_BYTES }, errors: [404] }),
    async (request, reply) => {
      const { asset } = validated(assetParams, request.params);
      const type = Object.hasOwn(ASSETS, asset) ? ASSETS[asset] : undefined;
      if (!type) throw new NotFound('Not found');
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(fs.createReadStream(path.join(swaggerUiDir, asset)));
    },
  );
}
