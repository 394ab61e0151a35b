import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from './helpers/server.js';

let srv: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
  srv = await startTestServer(DATABASES[0]!, { WEB_DIST: dist });
});
afterAll(async () => {
  await srv.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

it('serves index.html for deep links, uncached, with the CSP', async () => {
  const res = await srv.client.get('/folders/12');
  expect(res.status).toBe(200);
  expect(res.text).toContain('<div id="root">');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
});

it('lets the app (and its workers) compile WebAssembly, but never evaluate script text', async () => {
  for (const path of ['/upload', '/assets/app.js']) {
    const csp = (await srv.client.get(path)).headers.get('content-security-policy');
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
  }
});

it('caches hashed assets for a year', async () => {
  const asset = await srv.client.get('/assets/app.js');
  expect(asset.text).toBe('console.log(1)');
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

it('answers 404 for a missing asset and unknown API paths, never index.html', async () => {
  const asset = await srv.client.get('/assets/gone.js');
  expect(asset.status).toBe(404);
  expect(asset.text).not.toContain('<div id="root">');
  expect((await srv.client.get('/api/nope')).body).toMatchObject({ error: 'Not found' });
  expect((await srv.client.post('/dashboard')).status).toBe(404);
});
