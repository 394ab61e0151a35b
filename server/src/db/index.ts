import pg from 'pg';
import { Kysely, Migrator, sql, type MigrationProvider, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { InstallationDialect } from './schema-introspector.js';
import type { Dialect } from './dialect.js';
import type { SecretBox } from '../secret-box.js';
import { openSqlite, writeWithoutFlush } from './sqlite.js';
import { preparingPool } from './prepared.js';

export { isoTime } from './iso-time.js';
export { sqliteFile } from './sqlite.js';

export type { Dialect };
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  /**
   * For reads that take long and need no transaction (a listing, a search):
   * on SQLite a read-only connection on a thread of its own, so they leave
   * the event loop free; on PostgreSQL the same pool as `db`.
   */
  reads: Db;
  /**
   * Like `reads`, for a statement to run at the same time as one there (a
   * search's count beside its page): on SQLite a second reading thread,
   * started at its first statement; on PostgreSQL the same pool.
   */
  readsBeside: Db;
  dialect: Dialect;
  /** PostgreSQL schema holding Vault's tables. */
  schema: string | undefined;
  /** For PostgreSQL LISTEN/NOTIFY. */
  pgPool: pg.Pool | undefined;
  /**
   * Runs fn unless another process of this installation holds the named lock
   * (then resolves to undefined). PostgreSQL: a session advisory lock named
   * after the schema too, so one of several instances runs it and
   * installations sharing the database never wait for each other; SQLite has
   * one process, so fn always runs.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

/** The stable 32-bit key of the advisory lock of this name (the name includes the schema, so installations never share one). */
export function lockKey(name: string): number {
  let h = 0;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; unset means SQLite in dataDir. */
  url: string | undefined;
  schema: string | undefined;
  dataDir: string;
  /**
   * PostgreSQL: connections this process keeps at most (the event bus's
   * listener among them). Every statement holds one from its send until the
   * event loop has read its answer, so a busy loop holds them longer than
   * PostgreSQL works: on two cores, under the mixed load, 10 ran 326 to 369
   * requests/s with listings waiting for a connection (p99 about 300 ms),
   * 20 ran 406 to 419 (p99 about 210 ms), 30 ran 340 to 354. Unset: pg's
   * own 10, for tools that run one statement at a time.
   */
  poolSize?: number;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** bigint and numeric come back from pg as strings; every value Vault stores fits a JS number. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      types: pgTypes,
      // A connection that idles for long (the event bus's listener) notices a peer that vanished without a word.
      keepAlive: true,
      ...(opts.poolSize ? { max: opts.poolSize } : {}),
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    if (opts.schema) {
      // IF NOT EXISTS still races when instances start together: the loser's error means the schema is there.
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`).catch((err: unknown) => {
        if (!isUniqueViolation(err) && (err as { code?: string }).code !== '42P06') throw err;
      });
    }
    const db = new Kysely<Database>({ dialect: new InstallationDialect({ pool: preparingPool(pool) }, opts.schema ?? 'public') });
    return {
      db,
      reads: db,
      readsBeside: db,
      dialect: 'postgres',
      schema: opts.schema ?? 'public',
      pgPool: pool,
      async exclusive(name, fn) {
        const key = lockKey(`${name}:${opts.schema ?? 'public'}`);
        const held = await holdConnection(pool);
        let failed = false;
        try {
          const { rows } = await held.client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
          if (!rows[0]?.locked) return undefined;
          try {
            return await fn();
          } finally {
            await held.client.query('select pg_advisory_unlock($1)', [key]);
          }
        } catch (err) {
          failed = true;
          throw err;
        } finally {
          held.release(failed);
        }
      },
      close: () => db.destroy(),
    };
  }
  const { db, reads, readsBeside } = openSqlite(opts.dataDir);
  return {
    db,
    reads,
    readsBeside,
    dialect: 'sqlite',
    schema: undefined,
    pgPool: undefined,
    exclusive: (_name, fn) => fn(),
    close: async () => {
      await Promise.all([reads.destroy(), readsBeside.destroy()]);
      await db.destroy();
    },
  };
}

function migratorOf(handle: DatabaseHandle, secrets?: SecretBox): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect, secrets) };
  // The schema pins Kysely's own tables too: it would otherwise take another schema's for ours.
  // Each feature numbers its migrations in its own range, so a release may add one below a number an
  // installation has already run: those run too, rather than the start being refused.
  return new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true, ...(handle.schema ? { migrationTableSchema: handle.schema } : {}) });
}

/** Migrations this database has not run yet (all of them for an empty one). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const all = await migratorOf(handle).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Runs the pending migrations; `secrets` seals what they store (see secret-box.ts). */
export async function migrate(handle: DatabaseHandle, secrets: SecretBox): Promise<void> {
  const migrator = migratorOf(handle, secrets);
  const run = async () => {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  };
  if (!handle.pgPool) return run();
  // Instances starting together wait for each other rather than race on creating tables.
  const held = await holdConnection(handle.pgPool);
  const key = lockKey(`vault-migrate:${handle.schema}`);
  let failed = false;
  try {
    await held.client.query('select pg_advisory_lock($1)', [key]);
    await run();
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    await held.client.query('select pg_advisory_unlock($1)', [key]).catch(() => (failed = true));
    held.release(failed);
  }
}

/**
 * A pooled connection held while other connections work (a session lock's).
 * While it idles the pool does not watch it: a lost connection would raise an
 * error nobody listens to, which ends the process. Here the error is kept; it
 * surfaces at the connection's next query. A connection that was lost, or
 * whose work failed (`failed`: perhaps on it), is destroyed on release rather
 * than handed out again.
 */
async function holdConnection(pool: pg.Pool): Promise<{ client: pg.PoolClient; release(failed: boolean): void }> {
  const client = await pool.connect();
  let lost = false;
  const keep = () => {
    lost = true;
  };
  client.on('error', keep);
  return {
    client,
    release(failed) {
      client.off('error', keep);
      client.release(lost || failed);
    },
  };
}

/**
 * Runs `write` in a transaction that answers once committed, without waiting
 * for the disk: a crash of the machine (or of the PostgreSQL server, not of
 * Vault's process) may lose it. For writes whose loss costs no user's data:
 * work in progress of a process such a crash ends too (leases), or the count
 * and log line of a read already allowed. Every other commit waits for the
 * disk, and makes these durable with it.
 */
export async function writeUnsynced<T>(db: Db, dialect: Dialect, write: (trx: Db) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return write(trx);
    });
  }
  return writeWithoutFlush(db, (conn) => conn.transaction().execute(write));
}

/**
 * Selected by a statement on PostgreSQL, turns the sync off for that
 * statement's own commit (`set_config(..., true)` is SET LOCAL).
 */
export const UNSYNCED_COMMIT: RawBuilder<unknown> = sql`set_config('synchronous_commit', 'off', true)`;

/**
 * writeUnsynced for a single statement, in one round trip: `write` makes its
 * statement return `unsynced` (UNSYNCED_COMMIT on PostgreSQL).
 */
export async function writeStatementUnsynced(db: Db, dialect: Dialect, write: (db: Db, unsynced: RawBuilder<unknown>) => Promise<unknown>): Promise<void> {
  if (dialect === 'postgres') {
    await write(db, UNSYNCED_COMMIT);
    return;
  }
  await writeWithoutFlush(db, (conn) => write(conn, sql`null`));
}

/** Case-insensitive equality that can use the lower(...) indexes. */
export function lowerEq(column: string, value: string) {
  return sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
}

/** A UNIQUE constraint refused the write (SQLite or PostgreSQL); with `index`, that unique index in particular. */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  const { code, constraint, message } = (err ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  const unique = code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
  if (!unique || index === undefined) return unique;
  // PostgreSQL names the constraint; SQLite only says "UNIQUE constraint failed: index '<name>'".
  return constraint === index || (typeof message === 'string' && message.includes(`index '${index}'`));
}
