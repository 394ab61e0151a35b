import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { openSqlite, sqliteFile } from './sqlite.js';
import { openSqliteReader } from './sqlite-reader.js';

const opened: { server: Kysely<Database>; reader: Kysely<Database>; dir: string }[] = [];

async function scratch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-reader-'));
  const server = openSqlite(dir);
  await sql`create table t (id integer primary key, v text)`.execute(server);
  const reader = openSqliteReader(sqliteFile(dir), server);
  opened.push({ server, reader, dir });
  return { server, reader };
}

/** A statement that keeps SQLite busy for a while: counts to `n` in a recursive query. */
const slowCount = (n: number) => sql<{ n: number }>`with recursive c(i) as (select 1 union all select i + 1 from c where i < ${n}) select count(*) as n from c`;

const count = async (db: Kysely<Database>) => Number((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n);

afterEach(async () => {
  for (const { server, reader, dir } of opened.splice(0)) {
    await reader.destroy();
    await server.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('the SQLite reader', () => {
  it("reads every commit of the server's connection made before its statement", async () => {
    const { server, reader } = await scratch();
    for (let i = 1; i <= 30; i++) {
      await sql`insert into t (v) values (${`row ${i}`})`.execute(server);
      expect(await count(reader)).toBe(i);
    }
    await server.transaction().execute((trx) => sql`insert into t (v) values ('in a transaction')`.execute(trx));
    const { rows } = await sql<{ v: string }>`select v from t order by id desc limit 1`.execute(reader);
    expect(rows).toEqual([{ v: 'in a transaction' }]);
  });

  it('runs its statement off the event loop', async () => {
    const { reader } = await scratch();
    let turns = 0;
    let answered = false;
    const tick = () => {
      if (answered) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const { rows } = await slowCount(600_000).execute(reader);
    answered = true;
    expect(rows[0]!.n).toBe(600_000);
    // A statement on the event loop would have let no turn run until it ended.
    expect(turns).toBeGreaterThan(1);
  });

  it("runs a statement on the server's connection while the worker is busy, and never inside an open transaction", async () => {
    const { server, reader } = await scratch();
    await sql`insert into t (v) values ('committed')`.execute(server);
    const order: string[] = [];
    const slow = slowCount(600_000)
      .execute(reader)
      .then(() => order.push('slow'));
    const quick = count(reader).then((n) => order.push(`quick ${n}`));
    await Promise.all([slow, quick]);
    expect(order).toEqual(['quick 1', 'slow']);

    // While a transaction holds uncommitted rows, the busy worker is waited for instead.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = server.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('not committed yet')`.execute(trx);
      await held;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const busy = slowCount(300_000).execute(reader);
    expect(await count(reader)).toBe(1);
    release();
    await Promise.all([transaction, busy]);
    expect(await count(reader)).toBe(2);
  });

  it('refuses statements that write, and transactions, wherever they would run', async () => {
    const { server, reader } = await scratch();
    await expect(sql`insert into t (v) values ('x')`.execute(reader)).rejects.toThrow(/Only statements that read/);
    const busy = slowCount(300_000).execute(reader);
    await expect(sql`delete from t`.execute(reader)).rejects.toThrow(/Only statements that read/);
    await busy;
    await expect(reader.transaction().execute(async () => undefined)).rejects.toThrow(/no transactions/);
    expect(await count(server)).toBe(0);
  });

  it("answers SQLite's errors with their code, then goes on", async () => {
    const { reader } = await scratch();
    await expect(sql`select * from missing`.execute(reader)).rejects.toMatchObject({ message: expect.stringMatching(/no such table/), code: 'SQLITE_ERROR' });
    expect(await count(reader)).toBe(0);
  });

  it('binds and returns bytes as Buffers', async () => {
    const { reader } = await scratch();
    const { rows } = await sql<{ n: number; b: Buffer }>`select length(${Buffer.from([1, 2, 3])}) as n, x'0a0b' as b`.execute(reader);
    expect(rows[0]!.n).toBe(3);
    expect(Buffer.isBuffer(rows[0]!.b)).toBe(true);
    expect([...rows[0]!.b]).toEqual([10, 11]);
  });
});
