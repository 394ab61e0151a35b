import fs from 'node:fs';
import http from 'node:http';
import { expect, it, vi } from 'vitest';
import { createClient } from './helpers/client.js';
import { objectFiles } from './helpers/files.js';
import { spawnServer } from './helpers/process.js';
import { freshEnv } from './helpers/server.js';

/** Sends a multipart upload in two halves, so a test can act in between. */
function slowUpload(url: string, token: string, body: Buffer) {
  const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="files"; filename="late.txt"\r\nContent-Type: text/plain\r\n\r\n');
  const tail = Buffer.from('\r\n--b--\r\n');
  const req = http.request(new URL('/api/files/upload', url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(head.length + body.length + tail.length) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(head);
  req.write(body.subarray(0, body.length / 2));
  return { finish: () => req.end(Buffer.concat([body.subarray(body.length / 2), tail])), response };
}

it('finishes an upload in flight on SIGTERM, refuses new work, then exits cleanly', async () => {
  const { env } = freshEnv('sqlite', { SHUTDOWN_GRACE_SECONDS: '20' });
  const server = await spawnServer(env);
  try {
    const { token } = await createClient(server.url).register();
    const upload = slowUpload(server.url, token, Buffer.alloc(1024 * 1024, 'g'));
    await vi.waitFor(() => expect(objectFiles(env.DATA_DIR!)).toHaveLength(1), { timeout: 10_000 });

    server.child.kill('SIGTERM');
    await vi.waitFor(() => expect(server.logs()).toContain('shutting down'));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    upload.finish();
    const res = await upload.response;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).files[0].original_name).toBe('late.txt');
    expect(await server.exited).toBe(0);
  } finally {
    await server.stop('SIGKILL');
    fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
}, 60_000);
