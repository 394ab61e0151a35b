import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@vault/contract';
import { loadConfig } from '../src/config.js';
import { lockKey, migrate, openDatabase } from '../src/db/index.js';
import { createSecretBox } from '../src/secret-box.js';
import { releaseFiles } from '../src/domain/files/release-files.js';
import { createPgBus } from '../src/events/pg-bus.js';
import type { BusMessage, EventBus } from '../src/events/bus.js';
import { runMaintenance } from '../src/maintenance.js';
import { createServer, type VaultServer } from '../src/server.js';
import { createClient } from './helpers/client.js';
import { samples, sha256, upload, uploadForm } from './helpers/files.js';
import { spawnServer, type ServerProcess } from './helpers/process.js';
import { startS3, type TestS3 } from './helpers/s3.js';
import { dropSchema, freshEnv, freshSchemaName } from './helpers/server.js';
import { connect, ofType } from './helpers/ws.js';
import { newObjectKey } from '../src/storage/keys.js';
import { grantAdmin } from './helpers/users.js';

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const silent = pino({ level: 'silent' });

function event(type: RealtimeEvent['type'], fileId: number): BusMessage {
  return { event: { type, file_id: fileId, at: new Date().toISOString() }, audience: { userIds: [1], public: false } };
}

describe.runIf(PG)('PostgreSQL event bus and locks', () => {
  const schema = freshSchemaName();
  afterAll(() => dropSchema(schema));

  /** Two buses, as two instances hold them, on these schemas; closed afterwards. */
  async function withTwoBuses(schemas: [string, string], fn: (a: EventBus, b: EventBus, poolA: pg.Pool) => Promise<void>): Promise<void> {
    const dbs = await Promise.all(schemas.map((s) => openDatabase({ url: PG, schema: s, dataDir: '/tmp' })));
    const buses = dbs.map((db, i) => createPgBus(db.pgPool!, schemas[i]!, silent));
    try {
      await fn(buses[0]!, buses[1]!, dbs[0]!.pgPool!);
    } finally {
      for (const bus of buses) await bus.close();
      for (const db of dbs) await db.close();
    }
  }

  /** LISTEN is asynchronous (and a listener given up is opened again a second later): publishes event 0 from `from` until the listener hears it. */
  async function untilListening(from: EventBus, heardZero: () => boolean): Promise<void> {
    await vi.waitFor(
      async () => {
        await from.publish(event('file_uploaded', 0));
        expect(heardZero()).toBe(true);
      },
      { timeout: 5_000 },
    );
  }

  it('delivers every event once to every instance, including the publisher', async () => {
    await withTwoBuses([schema, schema], async (busA, busB) => {
      const got: Record<'a' | 'b', number[]> = { a: [], b: [] };
      busA.subscribe((m) => got.a.push(m.event.file_id!));
      busB.subscribe((m) => got.b.push(m.event.file_id!));
      await untilListening(busA, () => got.b.includes(0));
      for (let i = 1; i <= 5; i++) await (i % 2 ? busA : busB).publish(event('file_deleted', i));
      const deleted = (ids: number[]) => ids.filter((id) => id > 0);
      await vi.waitFor(() => expect(deleted(got.a).length + deleted(got.b).length).toBe(10));
      expect(deleted(got.a)).toEqual([1, 2, 3, 4, 5]);
      expect(deleted(got.b)).toEqual([1, 2, 3, 4, 5]);
    });
  });

  it('delivers a burst of events published together to every instance, in publish order', async () => {
    await withTwoBuses([schema, schema], async (busA, busB) => {
      const got: number[] = [];
      busB.subscribe((m) => got.push(m.event.file_id!));
      await untilListening(busA, () => got.includes(0));
      const burst = Array.from({ length: 40 }, (_, i) => i + 1);
      await Promise.all(burst.map((i) => busA.publish(event('file_deleted', i))));
      await vi.waitFor(() => expect(got.filter((id) => id > 0)).toEqual(burst));
    });
  });

  it('delivers access changes to every instance, in order with events, and ignores malformed ones', async () => {
    await withTwoBuses([schema, schema], async (busA, busB, poolA) => {
      const heard: Record<'a' | 'b', string[]> = { a: [], b: [] };
      for (const [name, bus] of [['a', busA], ['b', busB]] as const) {
        bus.subscribe((m) => heard[name].push(`event ${m.event.file_id}`));
        bus.subscribeAccessChanges((c) => heard[name].push(`access ${c.userId}`));
      }
      await untilListening(busA, () => heard.b.includes('event 0'));
      await busA.publish(event('file_updated', 1));
      await poolA.query('select pg_notify($1, $2)', [`vault_access_${schema}`, '{"userId":"everyone"}']);
      await busB.publishAccessChange({ userId: 7 });
      await busA.publish(event('file_updated', 2));
      const expected = ['event 1', 'access 7', 'event 2'];
      const after0 = (lines: string[]) => lines.filter((line) => line !== 'event 0');
      await vi.waitFor(() => expect({ a: after0(heard.a), b: after0(heard.b) }).toEqual({ a: expected, b: expected }));
    });
  });

  it('gives up a listening connection that LISTEN failed on, and listens again on one connection alone', async () => {
    const handle = await openDatabase({ url: PG, schema, dataDir: '/tmp' });
    const pool = handle.pgPool!;
    const connect = pool.connect.bind(pool);
    // The first connection refuses LISTEN, as a standby does just after a failover.
    vi.spyOn(pool, 'connect').mockImplementationOnce(async () => {
      const client = await connect();
      vi.spyOn(client, 'query').mockImplementationOnce(async () => {
        throw new Error('cannot execute LISTEN during recovery');
      });
      return client;
    });
    const bus = createPgBus(pool, schema, silent);
    try {
      const heard: number[] = [];
      bus.subscribe((m) => heard.push(m.event.file_id!));
      await untilListening(bus, () => heard.includes(0));
      // Checked out: the listener alone.
      expect(pool.totalCount - pool.idleCount).toBe(1);
    } finally {
      await bus.close();
      await handle.close();
    }
  });

  it('keeps installations in different schemas of one database apart', async () => {
    const otherSchema = freshSchemaName();
    try {
      await withTwoBuses([schema, otherSchema], async (busA, busB) => {
        const heardByB: number[] = [];
        busB.subscribe((m) => heardByB.push(m.event.file_id!));
        busB.subscribeAccessChanges((c) => heardByB.push(-c.userId));
        await untilListening(busB, () => heardByB.includes(0));
        await busA.publish(event('file_deleted', 1));
        await busA.publishAccessChange({ userId: 1 });
        // B's marker comes after A's messages: had B heard them, they would be in first.
        await busB.publish(event('file_deleted', 2));
        await vi.waitFor(() => expect(heardByB).toContain(2));
        expect(heardByB.filter((id) => id !== 0 && id !== 2)).toEqual([]);
      });
    } finally {
      await dropSchema(otherSchema);
    }
  });

  it('migrates an installation looking into its own schema only, whatever other installations of the database hold', async () => {
    const [mine, other] = [freshSchemaName(), freshSchemaName()];
    const [handle, neighbour] = await Promise.all([mine, other].map((s) => openDatabase({ url: PG, schema: s, dataDir: '/tmp' })));
    try {
      await sql`create table neighbours_table (id integer)`.execute(neighbour!.db);
      await migrate(handle!, createSecretBox('x'.repeat(32)));
      // What the migrator looks through for its own tables.
      const tables = await handle!.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.map((t) => t.name)).toContain('kysely_migration');
      expect(tables.filter((t) => t.schema !== mine)).toEqual([]);
    } finally {
      await handle!.close();
      await neighbour!.close();
      await Promise.all([mine, other].map((schema) => dropSchema(schema)));
    }
  });

  it("survives the loss of a lock's connection while the lock's work runs: the lock answers the error", async () => {
    const handle = await openDatabase({ url: PG, schema, dataDir: '/tmp' });
    const pool = handle.pgPool!;
    try {
      // This lock's holder alone: other suites' servers hold locks of their own in this database.
      const key = lockKey(`lost-lock:${schema}`);
      const holder = async () =>
        (
          await pool.query<{ pid: number }>(
            "select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and objid = ($1::bigint & 4294967295)::oid and database = (select oid from pg_database where datname = current_database())",
            [key],
          )
        ).rows[0]?.pid;
      let killed: number | undefined;
      const round = handle.exclusive('lost-lock', async () => {
        const pid = (killed = await holder());
        await pool.query('select pg_terminate_backend($1)', [pid]);
        // Gone on the server, which told the held connection first: idle meanwhile, it hears of it on its own.
        await vi.waitFor(async () => expect((await pool.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0].n).toBe(0));
        return 'done';
      });
      await expect(round).rejects.toThrow();
      expect(killed).toEqual(expect.any(Number));
      expect(await handle.exclusive('lost-lock', async () => 'again')).toBe('again');
    } finally {
      await handle.close();
    }
  });

  it('lets one holder of an advisory lock run at a time, and another installation of the database run its own', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => openDatabase({ url: PG, schema, dataDir: '/tmp' })));
    const otherSchema = freshSchemaName();
    const other = await openDatabase({ url: PG, schema: otherSchema, dataDir: '/tmp' });
    try {
      let release!: () => void;
      let entered!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const inside = new Promise<void>((r) => (entered = r));
      const first = a!.exclusive('test-lock', async () => {
        entered();
        await held;
        return 'first';
      });
      await inside;
      expect(await b!.exclusive('test-lock', async () => 'second')).toBeUndefined();
      expect(await other.exclusive('test-lock', async () => 'elsewhere')).toBe('elsewhere');
      release();
      expect(await first).toBe('first');
      expect(await b!.exclusive('test-lock', async () => 'second')).toBe('second');
    } finally {
      await a!.close();
      await b!.close();
      await other.close();
      await dropSchema(otherSchema);
    }
  });
});

describe.runIf(REDIS)('Redis-shared limits', () => {
  it('throttles sign-in failures across instances that share Redis', async () => {
    const shared = { REDIS_URL: REDIS!, REDIS_PREFIX: `test${Date.now()}:`, AUTH_FAILURE_LIMIT: '3', RATE_LIMIT_MAX: '100000' };
    const one = freshEnv('sqlite', shared);
    const two = freshEnv('sqlite', shared);
    const servers = await Promise.all([one, two].map(({ env }) => createServer(loadConfig(env), silent)));
    try {
      const [urlA, urlB] = await Promise.all(servers.map((s) => s.listen()));
      const name = `victim_${Date.now()}`;
      for (let i = 0; i < 3; i++) {
        expect((await createClient(urlA!).post('/api/auth/login', { json: { username: name, password: 'wrong-pass' } })).status).toBe(401);
      }
      const blocked = await createClient(urlB!).post('/api/auth/login', { json: { username: name, password: 'wrong-pass' } });
      expect(blocked.status).toBe(429);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });
});

describe('rate limits while their shared store does not answer', () => {
  it('count in each process, and every route still answers', async () => {
    // Nothing listens on port 1: every command to Redis fails at once.
    const { env } = freshEnv('sqlite', { REDIS_URL: 'redis://127.0.0.1:1', AUTH_FAILURE_LIMIT: '3', RATE_LIMIT_MAX: '100000' });
    const server = await createServer(loadConfig(env), silent);
    try {
      const client = createClient(await server.listen());
      expect((await client.get('/api/health')).status).toBe(200);
      const name = `victim_${Date.now()}`;
      for (let i = 0; i < 3; i++) expect((await client.post('/api/auth/login', { json: { username: name, password: 'wrong-pass' } })).status).toBe(401);
      expect((await client.post('/api/auth/login', { json: { username: name, password: 'wrong-pass' } })).status).toBe(429);
      expect((await client.register()).token).toEqual(expect.any(String));
    } finally {
      await server.close();
    }
  });
});

describe.runIf(PG)('several instances on one PostgreSQL and one S3 store', () => {
  let s3: TestS3;
  let schema: string;
  let instances: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3();
    const fresh = freshEnv('postgres', { ...s3.env, GC_INTERVAL_SECONDS: '1', ORPHAN_GRACE_MINUTES: '60' });
    env = fresh.env;
    schema = fresh.schema!;
    // Both start at once: migrations are serialised by Kysely's migration lock.
    instances = await Promise.all([1, 2].map((i) => spawnServer({ ...env, DATA_DIR: `${env.DATA_DIR}/${i}` })));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await s3.close();
    await dropSchema(schema);
  });

  it('serves through one instance what was uploaded through the other', async () => {
    const [one, two] = instances.map((i) => createClient(i.url));
    const { token } = await one!.register();
    const content = samples.png();
    const res = await upload(one!, token, [{ name: 'shared.png', content }]);
    expect(res.status).toBe(201);
    const download = await fetch(`${instances[1]!.url}/api/files/${res.body.files[0]!.id}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(content));
    expect((await two!.get('/api/ready')).body).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });

  it('delivers an event from one instance to a websocket on the other', async () => {
    const [one] = instances.map((i) => createClient(i.url));
    const owner = await one!.register();
    const stranger = await one!.register();
    const ownerSocket = await connect(instances[1]!.url, owner.token);
    const strangerSocket = await connect(instances[1]!.url, stranger.token);
    try {
      const res = await upload(one!, owner.token, [{ name: 'across.txt', content: samples.text() }]);
      const id = res.body.files[0]!.id;
      expect(await ownerSocket.next(ofType('file_uploaded', id))).toMatchObject({ type: 'file_uploaded', file_id: id });
      // A later public event proves the stranger's socket is live and got nothing of the private upload.
      const pub = await upload(one!, owner.token, [{ name: 'public.txt', content: samples.text() }], { is_public: 'true' });
      await strangerSocket.next(ofType('file_uploaded', pub.body.files[0]!.id));
      expect(strangerSocket.events().filter((e) => e.file_id === id)).toEqual([]);
    } finally {
      ownerSocket.close();
      strangerSocket.close();
    }
  });

  it('stops sending a demoted admin everyone’s events on the other instance at once', async () => {
    const [one] = instances.map((i) => createClient(i.url));
    const [admin, promoted, other] = [await one!.register(), await one!.register(), await one!.register()];
    const db = await openDatabase({ url: PG, schema, dataDir: '/tmp' });
    try {
      await grantAdmin(db.db, admin.user.id);
    } finally {
      await db.close();
    }
    const setAdmin = (isAdmin: boolean) => one!.put(`/api/admin/users/${promoted.user.id}`, { token: admin.token, json: { is_admin: isAdmin } });
    let uploads = 0;
    const privateUpload = async (token: string) => (await upload(one!, token, [{ name: `private-${(uploads += 1)}.txt`, content: samples.text() }])).body.files[0]!.id;
    expect((await setAdmin(true)).status).toBe(200);
    // Connected to instance two; every change goes through instance one.
    const ws = await connect(instances[1]!.url, promoted.token);
    try {
      await ws.next(ofType('file_uploaded', await privateUpload(other.token)));
      expect((await setAdmin(false)).status).toBe(200);
      const hidden = await privateUpload(other.token);
      const own = await privateUpload(promoted.token);
      await ws.next(ofType('file_uploaded', own));
      expect(ws.events().filter((e) => e.file_id === hidden)).toEqual([]);
    } finally {
      ws.close();
    }
  });

  it('keeps one object and exact ref counts when both instances take the same content at once', async () => {
    const clients = instances.map((i) => createClient(i.url));
    const { token } = await clients[0]!.register();
    const content = samples.pdf();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        clients[i % 2]!.post('/api/files/upload', { token, body: uploadForm([{ name: `same${i}.pdf`, content }]) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const db = await openDatabase({ url: PG, schema, dataDir: '/tmp' });
    try {
      const blob = await db.db.selectFrom('blobs').selectAll().where('hash', '=', sha256(content)).executeTakeFirstOrThrow();
      expect(blob.ref_count).toBe(12);
      const config = loadConfig({ ...env });
      const probe = await createServer(config, silent);
      const blobKeys = (await db.db.selectFrom('blobs').select('storage_key').execute()).map((b) => b.storage_key);
      try {
        // A durable copy that lost the race is deleted after its response, in the background.
        await vi.waitFor(async () => {
          const keys: string[] = [];
          for await (const key of probe.ctx.store.listOlderThan(Number.MAX_SAFE_INTEGER)) keys.push(key);
          expect(keys.sort()).toEqual(blobKeys.sort());
        }, { timeout: 10_000 });
      } finally {
        await probe.close();
      }
    } finally {
      await db.close();
    }
  });

  it('collects each orphan exactly once while both instances run GC', async () => {
    const client = createClient(instances[0]!.url);
    const { token } = await client.register();
    const contents = Array.from({ length: 6 }, () => samples.text());
    const res = await upload(client, token, contents.map((content, i) => ({ name: `orphan${i}.txt`, content })));
    const ids = res.body.files.map((f) => f.id);
    const db = await openDatabase({ url: PG, schema, dataDir: '/tmp' });
    const logsBefore = instances.map((i) => i.logs().length);
    try {
      // Release the references without the immediate collection: the instances' GC rounds must find them.
      await db.db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('files').select(['id', 'user_id', 'blob_hash', 'file_size']).where('id', 'in', ids).execute();
        await releaseFiles(trx, db.dialect, rows, Date.now());
      });
      await vi.waitFor(async () => {
        const left = await db.db.selectFrom('blobs').select('hash').where('hash', 'in', contents.map(sha256)).execute();
        expect(left).toHaveLength(0);
      }, { timeout: 15_000 });
    } finally {
      await db.close();
    }
    // Each instance logs what its rounds collected; the sum must come to exactly six.
    const collected = () =>
      instances
        .flatMap((inst, i) => inst.logs().slice(logsBefore[i]).split('\n'))
        .filter((line) => line.includes('"msg":"storage maintenance"'))
        .reduce((sum, line) => sum + (JSON.parse(line) as { blobsCollected: number }).blobsCollected, 0);
    await vi.waitFor(() => expect(collected()).toBe(6), { timeout: 5_000 });
  });
});

describe.runIf(PG)('concurrent GC without the lock', () => {
  it('still deletes each orphan once: the conditional delete decides', async () => {
    const s3 = await startS3();
    const { env, schema } = freshEnv('postgres', s3.env);
    const servers: VaultServer[] = [];
    try {
      for (let i = 0; i < 2; i++) servers.push(await createServer(loadConfig({ ...env, DATA_DIR: `${env.DATA_DIR}/${i}` }), silent));
      const [a, b] = servers;
      const keys = await Promise.all(Array.from({ length: 8 }, () => a!.ctx.store.put(newObjectKey(), Readable.from([samples.text()]))));
      const now = Date.now();
      await a!.ctx.db
        .insertInto('blobs')
        .values(keys.map((k, i) => ({ hash: `orphan-${now}-${i}`, size: k.size, mime_type: 'text/plain', storage_key: k.key, ref_count: 0, created_at: now, orphaned_at: now })))
        .execute();
      const [ra, rb] = await Promise.all([runMaintenance(a!.ctx), runMaintenance(b!.ctx)]);
      expect(ra.blobsCollected + rb.blobsCollected).toBe(8);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await s3.close();
      await dropSchema(schema!);
    }
  });
});
