import { pino } from 'pino';
import { expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer, type VaultServer } from '../src/server.js';
import { createClient } from './helpers/client.js';
import { sha256 } from './helpers/files.js';
import { startS3 } from './helpers/s3.js';
import { dropSchema, freshEnv, type TestServer } from './helpers/server.js';
import { createUpload, download, handPatch, offsetOf, patch } from './helpers/tus.js';
import { describe } from 'vitest';

const PG = process.env.TEST_DATABASE_URL;
const MIB = 1024 * 1024;
const silent = pino({ level: 'silent' });

function text(bytes: number): Buffer {
  const line = 'ünïcode – resumable across instances ✓\n';
  return Buffer.from(line.repeat(Math.ceil(bytes / Buffer.byteLength(line))));
}

/** The bits of TestServer the tus helpers use, for a server started here. */
async function started(env: Record<string, string>): Promise<TestServer & { server: VaultServer }> {
  const server = await createServer(loadConfig(env), silent);
  const url = await server.listen();
  return { url, server, dataDir: server.config.dataDir, client: createClient(url), close: () => server.close() };
}

describe('a resumable upload and a server restart', () => {
  it('resumes after the server restarts mid-upload, byte for byte', async () => {
    const { env } = freshEnv('sqlite');
    let srv = await started(env);
    const { token } = await srv.client.register();
    const content = text(5 * MIB);
    const created = await createUpload(srv, token, content.length, { filename: 'restart.txt' });
    // The first request breaks off when the server goes away.
    const first = handPatch(created.url, token, 0, content.length);
    await first.send(content.subarray(0, 2 * MIB + 3));
    await vi.waitFor(async () => {
      const row = await srv.server.ctx.db.selectFrom('resumable_uploads').select('lock_token').executeTakeFirstOrThrow();
      expect(row.lock_token).toBeTruthy();
    });
    first.cut();
    await first.response;
    // Saving what arrived takes an fsync: on a busy machine, more than waitFor's default second.
    await vi.waitFor(async () => expect(await offsetOf(created.url, token)).toBeGreaterThan(0), { timeout: 15_000 });
    // The request ends after the save: it closes its writer, then lets go of the upload. Closed
    // before that, the server could cut it at the end of its shutdown grace and keep the upload locked.
    await vi.waitFor(
      async () => {
        const row = await srv.server.ctx.db.selectFrom('resumable_uploads').select('lock_token').executeTakeFirstOrThrow();
        expect(row.lock_token).toBeNull();
      },
      { timeout: 15_000 },
    );
    await srv.close();

    srv = await started(env);
    const url = new URL(new URL(created.url).pathname, srv.url).toString();
    try {
      const offset = await offsetOf(url, token);
      expect(offset).toBeGreaterThan(0);
      const rest = await patch(url, token, offset, content.subarray(offset));
      expect(rest.status).toBe(204);
      const id = Number(rest.headers.get('vault-file-id'));
      expect(sha256(await download(srv, token, id))).toBe(sha256(content));
    } finally {
      await srv.close();
    }
  });
});

/** Runs `test` against two instances on one PostgreSQL schema and one S3 store, which go afterwards. */
async function onTwoInstances(test: (a: TestServer, b: TestServer) => Promise<void>): Promise<void> {
  const s3 = await startS3();
  const { env, schema } = freshEnv('postgres', s3.env);
  const servers: (TestServer & { server: VaultServer })[] = [];
  try {
    for (let i = 0; i < 2; i++) servers.push(await started({ ...env, DATA_DIR: `${env.DATA_DIR}/${i}` }));
    await test(servers[0]!, servers[1]!);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    await s3.close();
    await dropSchema(schema!);
  }
}

describe.runIf(PG)('a resumable upload across two instances on one PostgreSQL and one S3 store', () => {
  it('takes each PATCH on whichever instance it reaches, and refuses a concurrent one on the other (423)', async () => {
    await onTwoInstances(async (a, b) => {
      const { token } = await a.client.register();
      const content = text(13 * MIB);
      const created = await createUpload(a, token, content.length, { filename: 'across.txt' });
      const onB = created.url.replace(a.url, b.url);

      // Part one reaches A; while it is still arriving, B refuses to write to the same upload.
      const first = handPatch(created.url, token, 0, 9 * MIB);
      await first.send(content.subarray(0, 4 * MIB));
      await vi.waitFor(async () => {
        const row = await a.server.ctx.db.selectFrom('resumable_uploads').select('lock_token').executeTakeFirstOrThrow();
        expect(row.lock_token).toBeTruthy();
      });
      expect((await patch(onB, token, 0, content.subarray(0, MIB))).status).toBe(423);
      first.end(content.subarray(4 * MIB, 9 * MIB));
      expect(await first.response).toBe(204);

      // Part two reaches B, which takes up A's saved hash state and S3 parts.
      expect(await offsetOf(onB, token)).toBe(9 * MIB);
      const rest = await patch(onB, token, 9 * MIB, content.subarray(9 * MIB));
      expect(rest.status).toBe(204);
      const id = Number(rest.headers.get('vault-file-id'));
      expect(sha256(await download(a, token, id))).toBe(sha256(content));
      const blob = await a.server.ctx.db.selectFrom('blobs').select('hash').where('hash', '=', sha256(content)).executeTakeFirst();
      expect(blob).toBeDefined();
    });
  });

  it('keeps nothing of a PATCH one instance refused for carrying too much (413): the other goes on from where the upload stood', async () => {
    await onTwoInstances(async (a, b) => {
      const { token } = await a.client.register();
      const content = text(13 * MIB);
      const created = await createUpload(a, token, content.length, { filename: 'too-much.txt' });
      const onB = created.url.replace(a.url, b.url);
      expect((await patch(created.url, token, 0, content.subarray(0, 3 * MIB))).status).toBe(204);
      // On A these bytes fill an S3 part and move the hashes on before the body turns out too long.
      const over = await patch(created.url, token, 3 * MIB, Buffer.concat([content.subarray(3 * MIB), text(MIB)]));
      expect(over.status).toBe(413);
      expect(over.body.error).toMatch(/bytes long and this request sent more/);

      expect(await offsetOf(onB, token)).toBe(3 * MIB);
      const rest = await patch(onB, token, 3 * MIB, content.subarray(3 * MIB));
      expect(rest.status).toBe(204);
      const id = Number(rest.headers.get('vault-file-id'));
      expect(sha256(await download(b, token, id))).toBe(sha256(content));
      const blob = await a.server.ctx.db.selectFrom('blobs').select('hash').where('hash', '=', sha256(content)).executeTakeFirst();
      expect(blob).toBeDefined();
    });
  });
});
