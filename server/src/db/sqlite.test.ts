import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './schema.js';
import { CHECKPOINT_PAGES, READS_CACHE_KIB, openSqlite, writeWithoutFlush } from './sqlite.js';

const opened: { db: Kysely<Database>; reads: Kysely<Database>; dir: string }[] = [];

async function scratchPair(): Promise<{ db: Kysely<Database>; reads: Kysely<Database> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-sqlite-'));
  const pair = openSqlite(dir);
  opened.push({ ...pair, dir });
  await sql`create table t (id integer primary key, v text)`.execute(pair.db);
  return pair;
}

const scratchDb = async () => (await scratchPair()).db;

/** Holds every fdatasync until released; counts them. */
function holdFlushes() {
  const held: (() => void)[] = [];
  const fdatasync = fs.fdatasync;
  const spy = vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, done: (err: NodeJS.ErrnoException | null) => void) => {
    held.push(() => fdatasync(fd, done));
  }) as typeof fs.fdatasync);
  return {
    get count() {
      return spy.mock.calls.length;
    },
    releaseAll: () => held.splice(0).forEach((go) => go()),
  };
}

const settledYet = async (p: Promise<unknown>) => {
  let settled = false;
  void p.then(() => (settled = true));
  await new Promise((r) => setImmediate(r));
  return settled;
};

afterEach(async () => {
  vi.restoreAllMocks();
  for (const { db, reads, dir } of opened.splice(0)) {
    await reads.destroy();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('SQLite commits', () => {
  it('settle a write only once the WAL is flushed, leaving the connection free meanwhile', async () => {
    const db = await scratchDb();
    const flushes = holdFlushes();
    const write = db.transaction().execute((trx) => sql`insert into t (v) values ('a')`.execute(trx));
    expect(await settledYet(write)).toBe(false);
    expect(flushes.count).toBe(1);
    // Another request reads while the flush runs.
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(rows[0]!.n).toBe(1);
    flushes.releaseAll();
    await write;
  });

  it('flush nothing for reads', async () => {
    const db = await scratchDb();
    const flushes = holdFlushes();
    await sql`select * from t`.execute(db);
    await db.transaction().execute((trx) => sql`select count(*) from t`.execute(trx));
    expect(flushes.count).toBe(0);
  });

  it('share flushes: a burst of commits waits for one flush after the one running', async () => {
    const db = await scratchDb();
    const flushes = holdFlushes();
    const first = sql`insert into t (v) values ('first')`.execute(db);
    await settledYet(first);
    const burst = Array.from({ length: 20 }, (_, i) => db.transaction().execute((trx) => sql`insert into t (v) values (${String(i)})`.execute(trx)));
    await Promise.all(burst.map(settledYet));
    expect(flushes.count).toBe(1);
    flushes.releaseAll();
    await first;
    await vi.waitFor(() => expect(flushes.count).toBe(2));
    flushes.releaseAll();
    await Promise.all(burst);
    expect(flushes.count).toBe(2);
  });

  it('answer a write made without flush at once', async () => {
    const db = await scratchDb();
    const flushes = holdFlushes();
    await writeWithoutFlush(db, (conn) => sql`insert into t (v) values ('lease')`.execute(conn));
    expect(flushes.count).toBe(0);
    // The exemption ends with that use of the connection.
    const after = sql`insert into t (v) values ('after')`.execute(db);
    expect(await settledYet(after)).toBe(false);
    flushes.releaseAll();
    await after;
    expect(flushes.count).toBe(1);
  });
});

describe('the SQLite connection', () => {
  it('reads with a page cache large enough for a search of 100,000 files', async () => {
    const { reads } = await scratchPair();
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(reads);
    expect(rows[0]!.cache_size).toBe(-READS_CACHE_KIB);
    expect(READS_CACHE_KIB).toBeGreaterThanOrEqual(32 * 1024);
  });

  it('checkpoints the WAL every CHECKPOINT_PAGES pages, not every 1,000', async () => {
    const db = await scratchDb();
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]!.wal_autocheckpoint).toBe(CHECKPOINT_PAGES);
    expect(CHECKPOINT_PAGES).toBeGreaterThan(1000);
  });

  it('keeps statement journals and temporary tables in memory, not in files', async () => {
    const db = await scratchDb();
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(db);
    expect(rows[0]!.temp_store).toBe(2);
  });
});

describe('the reading connection', () => {
  it('sees every commit answered before the read, at once', async () => {
    const { db, reads } = await scratchPair();
    for (let i = 0; i < 50; i++) {
      await sql`insert into t (v) values (${String(i)})`.execute(db);
      const { rows } = await sql<{ n: number; v: string }>`select count(*) as n, (select v from t order by id desc limit 1) as v from t`.execute(reads);
      expect(rows[0]).toEqual({ n: i + 1, v: String(i) });
    }
  });

  it('runs a statement off the event loop, which turns meanwhile', async () => {
    const { db, reads } = await scratchPair();
    const long = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as n from n`;
    // On the main connection a statement runs to its end before anything else does.
    expect(await settledYet(long.execute(db))).toBe(true);
    const read = long.execute(reads);
    expect(await settledYet(read)).toBe(false);
    expect((await read).rows).toEqual([{ n: 3000000 }]);
  });

  it('binds and returns what the main connection does, Buffers among them', async () => {
    const { db, reads } = await scratchPair();
    await sql`create table b (id integer primary key, data blob, size integer, name text)`.execute(db);
    await sql`insert into b (data, size, name) values (${Buffer.from('bytes')}, ${2 ** 40}, ${'x\u0000y'})`.execute(db);
    const [main, read] = await Promise.all([db, reads].map((conn) => sql`select * from b where data = ${Buffer.from('bytes')}`.execute(conn)));
    expect(read!.rows).toHaveLength(1);
    expect(read!.rows).toEqual(main!.rows.map((row) => ({ ...(row as object), data: new Uint8Array(Buffer.from('bytes')) })));
  });

  it("refuses writes and transactions, and reports a statement's error as the main connection would", async () => {
    const { reads } = await scratchPair();
    await expect(sql`insert into t (v) values ('no')`.execute(reads)).rejects.toThrow(/return rows/);
    await expect(sql`delete from t returning id`.execute(reads)).rejects.toThrow(/readonly/);
    await expect(reads.transaction().execute(async () => undefined)).rejects.toThrow(/not transactions/);
    await expect(sql`select * from missing`.execute(reads)).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
  });

  it('takes many reads at once, each answered with its own rows', async () => {
    const { db, reads } = await scratchPair();
    await sql`insert into t (v) values ('a'), ('b'), ('c')`.execute(db);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => sql<{ v: string; i: number }>`select v, ${i} as i from t where id = ${(i % 3) + 1}`.execute(reads)));
    answers.forEach(({ rows }, i) => expect(rows).toEqual([{ v: 'abc'[i % 3], i }]));
  });

  it('fails the reads of a thread that stopped, and starts another for the next', async () => {
    const { db, reads } = await scratchPair();
    await sql`insert into t (v) values ('kept')`.execute(db);
    let thread: Worker | undefined;
    const post = Worker.prototype.postMessage;
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      thread = this;
      return post.apply(this, args);
    });
    const long = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as n from n`.execute(reads);
    await vi.waitFor(() => expect(thread).toBeDefined());
    await thread!.terminate();
    await expect(long).rejects.toThrow(/reading thread stopped/);
    const { rows } = await sql<{ v: string }>`select v from t`.execute(reads);
    expect(rows).toEqual([{ v: 'kept' }]);
  });
});
