import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { withTestServer } from './helpers/server.js';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }>; requestBody?: { content: Record<string, { schema: object }> }; parameters: { schema: object }[] };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('OpenAPI document', () => {
  it('names every /api route there is, and only those', async () => {
    await withTestServer({}, async (t) => {
      const res = await t.client.get('/api/openapi.json');
      expect(res.status).toBe(200);
      const doc = res.body as Doc;
      expect(doc.openapi).toBe('3.1.0');
      const { app } = t.server;

      const routes = app.registeredRoutes.filter((r) => r.url.startsWith('/api/') || r.url === '/ws').map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
      expect(documented.sort()).toEqual(routes.sort());
      expect(routes.length).toBeGreaterThan(35);
      // HEAD routes of their own are listed; the HEAD Fastify answers for every GET is not.
      expect(documented).toEqual(expect.arrayContaining(['HEAD /api/uploads/{id}', 'HEAD /api/r/{token}/uploads/{id}']));
      expect(documented).not.toContain('HEAD /api/files/{id}/download');
      for (const operation of documented) {
        const [method, path] = operation.split(' ') as [string, string];
        expect(app.hasRoute({ method: method as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }), operation).toBe(true);
      }
    });
  });

  it('has well-formed schemas, error answers and security for every operation', async () => {
    await withTestServer({}, async (t) => {
      const doc = t.server.app.openApiDocument() as unknown as Doc;
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(operations)) {
          const name = `${method} ${path}`;
          expect(Object.keys(op.responses).length, name).toBeGreaterThan(0);
          expect(op.responses['429'], name).toBeDefined();
          const schemas = [
            ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
            ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
            ...op.parameters.map((p) => p.schema),
          ];
          for (const schema of schemas) expect(() => ajv.compile(schema), name).not.toThrow();
        }
      }
      const deleteFile = doc.paths['/api/files/{id}']!.delete!;
      // 403: every signed-in route refuses a user who must first change the password an admin reset…
      expect(Object.keys(deleteFile.responses).sort()).toEqual(['204', '400', '401', '403', '404', '429']);
      // …except the routes that let them do it.
      expect(Object.keys(doc.paths['/api/account']!.get!.responses).sort()).toEqual(['200', '401', '429']);
      expect(Object.keys(doc.paths['/api/admin/stats']!.get!.responses).sort()).toEqual(['200', '401', '403', '429']);
      expect(Object.keys(doc.paths['/api/files/upload']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
      // The websocket: its upgrade, the token it may carry, and the messages either side sends.
      const ws = doc.paths['/ws']!.get! as Operation & { security: unknown[]; 'x-websocket': { clientMessages: object; serverMessages: object } };
      expect(ws.responses['101']).toBeDefined();
      expect(ws.security).toEqual([]);
      expect(JSON.stringify(ws.parameters)).toContain('"token"');
      expect(ajv.validate(ws['x-websocket'].clientMessages, { type: 'auth', token: 'x' })).toBe(true);
      expect(ajv.validate(ws['x-websocket'].serverMessages, { type: 'ready' })).toBe(true);
      expect(ajv.validate(ws['x-websocket'].serverMessages, { type: 'file_uploaded', file_id: 1, at: '2026-11-25T10:00:00Z' })).toBe(true);
      expect(ajv.validate(ws['x-websocket'].serverMessages, { type: 'nonsense', at: 'x' })).toBe(false);
    });
  });

  it('validates requests from the contract before the handler runs', async () => {
    await withTestServer({}, async (t) => {
      const { token } = await t.client.register();
      expect((await t.client.get('/api/files/abc', { token })).body).toEqual({ error: 'Invalid id' });
      expect((await t.client.get('/api/files?limit=5000', { token })).body).toEqual({ error: 'limit must be at most 1000' });
      expect((await t.client.post('/api/folders', { token, json: [] })).body).toEqual({ error: 'Request body must be a JSON object' });
    });
  });

  it('is browsable at /api/docs with the viewer served from this origin, under the CSP', async () => {
    await withTestServer({}, async (t) => {
      const page = await t.client.get('/api/docs');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
      const styles = [...page.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
      expect(page.text).not.toMatch(/<script>|https?:\/\//);
      for (const asset of [...scripts, ...styles]) {
        const res = await t.client.get(asset);
        expect(res.status, asset).toBe(200);
        expect(res.text.length, asset).toBeGreaterThan(20);
      }
      expect((await t.client.get('/api/docs/../../package.json')).status).toBe(404);
      expect((await t.client.get('/api/docs/index.html')).status).toBe(404);
    });
  });
});
