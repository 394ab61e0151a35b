import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { logCapture } from './helpers/logs.js';
import { DATABASES, describeEachDb, startTestServer, type TestServer } from './helpers/server.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A GET of `path` byte for byte: URL parsers (fetch's among them) may re-encode a malformed escape. */
function rawGet(baseUrl: string, path: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on('error', reject);
  });
}

/** The headers every answer carries, whoever gives it. */
function expectEveryAnswersHeaders(header: (name: string) => string | null | undefined, path: string): void {
  expect(header('content-security-policy'), path).toContain("default-src 'self'");
  expect(header('x-content-type-options'), path).toBe('nosniff');
  expect(header('x-frame-options'), path).toBe('SAMEORIGIN');
  expect(header('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
  const link = /^\/(?:api\/)?[sr]\//.test(path);
  expect(header('referrer-policy'), path).toBe(link ? 'no-referrer' : 'same-origin');
  if (link) expect(header('x-robots-tag'), path).toBe('noindex, nofollow');
  if (path.startsWith('/api/')) expect(header('cache-control'), path).toBe('no-store');
}

describe('a malformed URL', () => {
  it('is answered 400 in the API error shape, with every answer\'s headers, never echoing the URL', async () => {
    const srv = await startTestServer(DATABASES[0]!);
    try {
      for (const path of ['/api/files/%zz', '/api/s/%zzSecretToken', '/api/r/abc%E0%A4%A', '/files/%zz', '/s/%zzSecretToken', '/assets/%zz.js']) {
        const res = await rawGet(srv.url, path);
        expect(res.status, path).toBe(400);
        expect(res.headers['content-type'], path).toContain('application/json');
        expect(JSON.parse(res.text), path).toEqual({ error: 'Request URL is not valid' });
        expectEveryAnswersHeaders((name) => res.headers[name] as string | undefined, path);
      }
    } finally {
      await srv.close();
    }
  });

  it('is logged and counted like any request: one line, its id, the link token redacted', async () => {
    const logs = logCapture();
    const metricsToken = 'metrics-token-0123456789';
    const srv = await startTestServer(DATABASES[0]!, { METRICS_TOKEN: metricsToken }, logs.stream);
    try {
      const res = await rawGet(srv.url, '/api/s/%zzSecretToken?grant=SecretGrant');
      expect(res.status).toBe(400);
      const lines = logs.text().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      const line = lines.find((l) => l.msg === 'request' && l.reqId === res.headers['x-request-id']);
      expect(line).toMatchObject({ method: 'GET', url: '/api/s/[redacted]?grant=[redacted]', status: 400 });
      expect(logs.text()).not.toContain('Secret');
      const metrics = await srv.client.get('/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(metrics.text).toContain('vault_http_requests_total{method="GET",route="unmatched",status="400"} 1');
    } finally {
      await srv.close();
    }
  });
});

describeEachDb('an over-long path parameter', (t: () => TestServer) => {
  const long = 'A'.repeat(120);

  it('reaches its route, whose schema answers: an unknown link (404) for a token', async () => {
    for (const path of [`/api/s/${long}`, `/api/s/${long}/download`, `/api/r/${long}`, `/api/s/${'A'.repeat(8000)}`]) {
      const res = await t().client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ error: 'This link does not exist.', code: 'linkDoesNotExist', link_refusal: 'not_found' });
      expectEveryAnswersHeaders((name) => res.headers.get(name), path);
    }
  });

  it('reaches its route, whose schema answers: "Invalid id" (400) for an id', async () => {
    const { token } = await t().client.register();
    for (const path of [`/api/files/${'1'.repeat(120)}`, `/api/folders/${long}`, `/api/files/public/${long}`]) {
      const res = await t().client.get(path, { token });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ error: 'Invalid id' });
    }
  });
});
