import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { DATABASES, startTestServer } from './helpers/server.js';

it('logs one line per request without tokens or passwords', async () => {
  const stream = new PassThrough();
  let output = '';
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const srv = await startTestServer(DATABASES[0]!, {}, stream);
  try {
    const { token, password } = await srv.client.register(undefined, 'hunter2-secret');
    await srv.client.post('/api/auth/login', { json: { username: 'nobody_here', password } });
    await srv.client.get(`/api/health?token=${token}&x=1`);
    await srv.client.get(`/api/files/1/download?dl=${token}`, { token });
    expect(output).toContain('"url":"/api/health?token=[redacted]&x=1"');
    expect(output).toContain('dl=[redacted]');
    expect(output).not.toContain(token);
    expect(output).not.toContain(token.split('.')[2]);
    expect(output).not.toContain('hunter2-secret');
  } finally {
    await srv.close();
  }
});
