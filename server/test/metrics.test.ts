import { describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/maintenance.js';
import { samples, settled, uploadOne } from './helpers/files.js';
import { DATABASES, startTestServer, withTestServer, type TestServer } from './helpers/server.js';
import { logCapture } from './helpers/logs.js';
import { openSocket } from './helpers/ws.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(t: TestServer): Promise<string> {
  const res = await t.client.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text;
}

describe('metrics', () => {
  it('are off unless configured: /metrics is not found', async () => {
    await withTestServer({}, async (t) => {
      const res = await t.client.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'Not found' });
    });
  });

  it('with METRICS_TOKEN, answer only that bearer token', async () => {
    await withTestServer({ METRICS_TOKEN: TOKEN }, async (t) => {
      expect((await t.client.get('/metrics')).status).toBe(404);
      expect((await t.client.get('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(404);
      expect((await t.client.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(404);
      expect(await scrape(t)).toContain('vault_process_resident_memory_bytes');
    });
  });

  it('count requests by route template, uploads, downloads, deduplication, collection, websockets and bus lag', async () => {
    for (const db of DATABASES) {
      const t = await startTestServer(db, { METRICS_TOKEN: TOKEN, DATABASE_POOL_SIZE: '7' });
      try {
        const alice = await t.client.register();
        const content = samples.png();
        const first = await uploadOne(t.client, alice.token, { name: 'a.png', content });
        await uploadOne(t.client, alice.token, { name: 'b.png', content });
        const download = await t.client.get(`/api/files/${first}/download`, { token: alice.token });
        expect(download.status).toBe(200);
        await t.client.get('/api/files/999999', { token: alice.token });
        const socket = await openSocket(t.url, { token: alice.token });
        await t.client.delete(`/api/files/${first}`, { token: alice.token });
        await settled(t);
        await runMaintenance(t.server.ctx);

        const text = await scrape(t);
        expect(sample(text, 'vault_http_requests_total{method="POST",route="/api/files/upload",status="201"}')).toBe(2);
        expect(sample(text, 'vault_http_requests_total{method="GET",route="/api/files/:id",status="404"}')).toBe(1);
        expect(text).not.toContain('route="/api/files/999999"');
        expect(sample(text, 'vault_http_request_duration_seconds_count{method="GET",route="/api/files/:id/download",status="200"}')).toBe(1);
        expect(sample(text, 'vault_upload_bytes_total')).toBe(2 * content.length);
        expect(sample(text, 'vault_upload_duration_seconds_count')).toBe(2);
        expect(sample(text, 'vault_dedup_hits_total')).toBe(1);
        expect(sample(text, 'vault_dedup_bytes_saved_total')).toBe(content.length);
        expect(sample(text, 'vault_download_bytes_total')).toBe(content.length);
        expect(sample(text, 'vault_download_duration_seconds_count')).toBe(1);
        // One round at start, one here.
        expect(sample(text, 'vault_gc_runs_total')).toBeGreaterThanOrEqual(2);
        expect(sample(text, 'vault_websockets_open')).toBe(1);
        // Two uploads and a delete were published and heard back.
        expect(sample(text, 'vault_event_bus_lag_seconds_count')).toBeGreaterThanOrEqual(3);
        if (db === 'postgres') {
          expect(sample(text, 'vault_db_pool_connections{state="total"}')).toBeGreaterThan(0);
          expect(sample(text, 'vault_db_pool_connections{state="max"}')).toBe(7);
        }
        socket.close();
        await socket.closed;
      } finally {
        await t.close();
      }
    }
  });

  it('on METRICS_PORT, are served there and not on the app port', async () => {
    const logs = logCapture();
    const t = await startTestServer(DATABASES[0]!, { METRICS_PORT: '0' }, logs.stream);
    try {
      const port = Number(/"port":(\d+),"msg":"metrics listening"/.exec(logs.text())?.[1]);
      expect((await t.client.get('/metrics')).status).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('vault_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('request ids', () => {
  it('answer each request with its own id, found on its log lines', async () => {
    const logs = logCapture();
    const t = await startTestServer(DATABASES[0]!, {}, logs.stream);
    try {
      const alice = await t.client.register();
      const a = await t.client.get('/api/health', { headers: { 'x-request-id': 'client-chosen' } });
      const b = await t.client.post('/api/files/upload', { token: alice.token, body: new FormData() });
      const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[0]).not.toBe(ids[1]);
      const lines = logs.text().trim().split('\n').map((l) => JSON.parse(l) as { reqId?: string; url?: string });
      expect(lines.find((l) => l.url === '/api/health')?.reqId).toBe(ids[0]);
      expect(lines.find((l) => l.url === '/api/files/upload')?.reqId).toBe(ids[1]);
    } finally {
      await t.close();
    }
  });
});
