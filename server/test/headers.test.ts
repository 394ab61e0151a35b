import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { samples, uploadOne } from './helpers/files.js';
import { describeEachDb, withTestServer } from './helpers/server.js';

const HSTS = 'max-age=31536000; includeSubDomains';

describeEachDb('security headers', (t) => {
  it('go with every answer, the web app, API answers, errors and downloads alike; a download keeps its own policy', async () => {
    const owner = await t().client.register();
    const id = await uploadOne(t().client, owner.token, { name: 'mine.txt', content: samples.text() });
    const answers = {
      app: await fetch(`${t().url}/`),
      health: await t().client.get('/api/health'),
      list: await t().client.get('/api/files', { token: owner.token }),
      unauthorized: await t().client.get('/api/files'),
      download: await t().client.get(`/api/files/${id}/download`, { token: owner.token }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get('x-frame-options'), name).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('same-origin');
      expect(res.headers.get('cross-origin-opener-policy'), name).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy'), name).toBe('same-origin');
      expect(res.headers.get('content-security-policy'), name).toContain(name === 'download' ? 'sandbox' : "script-src 'self' 'wasm-unsafe-eval'");
    }
  });
});

describeEachDb('caching', (t) => {
  it('forbids storing any API answer: data, errors and private downloads', async () => {
    const owner = await t().client.register();
    const id = await uploadOne(t().client, owner.token, { name: 'mine.txt', content: samples.text() });
    const link = await t().client.post(`/api/files/${id}/download-link`, { token: owner.token });
    const answers = {
      health: await t().client.get('/api/health'),
      me: await t().client.get('/api/auth/me', { token: owner.token }),
      list: await t().client.get('/api/files', { token: owner.token }),
      unauthorized: await t().client.get('/api/files'),
      missing: await t().client.get('/api/files/999999', { token: owner.token }),
      link,
      download: await t().client.get(`/api/files/${id}/download`, { token: owner.token }),
      signedDownload: await t().client.get(link.body.url),
      preview: await t().client.get(`/api/files/${id}/download?inline=1`, { token: owner.token }),
    };
    for (const [name, res] of Object.entries(answers)) expect(res.headers.get('cache-control'), name).toBe('no-store');
  });

  it('reads a request target as the router does: absolute form and percent-escapes reach the same rules', async () => {
    const { token } = await t().client.register();
    const link = await t().client.post('/api/links', { token, json: { item: { type: 'file', id: await uploadOne(t().client, token, { name: 'l.txt', content: samples.text() }) } } });
    const url = new URL(t().url);
    const answerTo = (target: string) =>
      new Promise<{ status: number | undefined; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        const req = http.request({ host: url.hostname, port: url.port, path: target }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const target of [`${t().url}/api/s/${link.body.link.token}`, `/api/%73/${link.body.link.token}`]) {
      const { status, headers } = await answerTo(target);
      expect(status, target).toBe(200);
      expect(headers['cache-control'], target).toBe('no-store');
      expect(headers['referrer-policy'], target).toBe('no-referrer');
    }
    // Nor is an unknown API path in either form the web app.
    for (const target of [`${t().url}/api/nothing`, '/api?x=1']) expect((await answerTo(target)).status, target).toBe(404);
  });

  it('lets anyone cache a public download, revalidated by its ETag', async () => {
    const owner = await t().client.register();
    const id = await uploadOne(t().client, owner.token, { name: 'flyer.txt', content: samples.text() }, { is_public: 'true' });
    const first = await t().client.get(`/api/files/public/${id}/download`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag')!;
    const again = await t().client.get(`/api/files/public/${id}/download`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, no-cache');
    // The listing that names it is still an API answer.
    expect((await t().client.get(`/api/files/public/${id}`)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  it('is absent over plain HTTP by default', async () => {
    await withTestServer({}, async (srv) => {
      expect((await srv.client.get('/api/health')).headers.get('strict-transport-security')).toBeNull();
      // Without TRUST_PROXY, a client cannot claim HTTPS.
      const claimed = await srv.client.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers.get('strict-transport-security')).toBeNull();
    });
  });

  it('is sent when a trusted proxy says the client came over HTTPS', async () => {
    await withTestServer({ TRUST_PROXY: '127.0.0.1' }, async (srv) => {
      const res = await srv.client.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers.get('strict-transport-security')).toBe(HSTS);
      expect((await srv.client.get('/api/health')).headers.get('strict-transport-security')).toBeNull();
    });
  });

  it('is sent on every response with HSTS=true (TLS ends at a proxy)', async () => {
    await withTestServer({ HSTS: 'true' }, async (srv) => {
      for (const path of ['/api/health', '/api/does-not-exist', '/some/page']) {
        expect((await srv.client.get(path)).headers.get('strict-transport-security'), path).toBe(HSTS);
      }
    });
  });
});
