import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './schema.js';
import { CACHE_KIB, openSqlite, writeWithoutFlush } from './sqlite.js';

const opened: { db: Kysely<Database>; dir: string }[] = [];

async function scratchDb(): Promise<Kysely<Database>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-sqlite-'));
  const db = openSqlite(dir);
  opened.push({ db, dir });
  await sql`create table t (id integer primary key, v text)`.execute(db);
  return db;
}

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
  for (const { db, dir } of opened.splice(0)) {
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
  it('keeps a page cache large enough for a search of 100,000 files', async () => {
    const db = await scratchDb();
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
    expect(rows[0]!.cache_size).toBe(-CACHE_KIB);
    expect(CACHE_KIB).toBeGreaterThanOrEqual(32 * 1024);
  });

  it('keeps statement journals and temporary tables in memory, not in files', async () => {
    const db = await scratchDb();
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(db);
    expect(rows[0]!.temp_store).toBe(2);
  });
});
