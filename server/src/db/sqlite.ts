import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, SqliteDriver, type Driver, type SqliteDatabase, type SqliteDialectConfig } from 'kysely';
import type { Database } from './schema.js';
import { createSharedFlush, type SharedFlush } from './shared-flush.js';
import { openSqliteReads } from './sqlite-reads.js';

const STATEMENT_CACHE_SIZE = 500;

/**
 * Commits of the one connection made durable off the event loop.
 *
 * SQLite runs with `synchronous = NORMAL`: a commit writes its WAL frames
 * without syncing them, and would otherwise sync them (FULL) on the event
 * loop, where every request waits for the disk. Instead, once a use of the
 * connection that wrote has released it, the WAL is flushed (fdatasync on the
 * thread pool) before that use's promise settles, shared with every commit
 * that arrives meanwhile. A write still answers only once its commit survives
 * power loss, as with FULL; the WAL is appended in commit order, so a flush
 * covers every commit before it. Other requests may read a commit during its
 * flush, as another connection could.
 */
interface Durability {
  /** A statement that writes is about to run. */
  wrote(): void;
  /** The connection is released: flush when it wrote, unless this use was exempted. */
  released(): Promise<void>;
  /** The current use of the connection may be lost in a crash: no flush at its release. */
  exempt(): void;
}

function walDurability(walFile: string): Durability & { close(): void } {
  let fd: number | undefined;
  let wrote = false;
  let exempt = false;
  // Opened at the first flush: the WAL exists once something was written.
  const flush: SharedFlush = createSharedFlush(
    () => new Promise<void>((resolve, reject) => fs.fdatasync((fd ??= fs.openSync(walFile, 'r')), (err) => (err ? reject(err) : resolve()))),
  );
  return {
    wrote: () => void (wrote = true),
    exempt: () => void (exempt = true),
    released() {
      const due = wrote && !exempt;
      wrote = exempt = false;
      return due ? flush() : Promise.resolve();
    },
    close() {
      if (fd !== undefined) fs.closeSync(fd);
    },
  };
}

/**
 * better-sqlite3 behind Kysely with prepared statements kept and reused:
 * Kysely prepares each query anew, which cost more than running most of them.
 * Safe because every statement runs to completion synchronously (no iterators).
 */
function withStatementCache(file: SQLite.Database, durability: Durability): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = file.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      // Kysely prepares every statement right before running it.
      if (!statement.readonly) durability.wrote();
      return statement;
    },
  };
}

class FlushingDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly durability: Durability,
  ) {
    super(config);
  }

  override async releaseConnection(): Promise<void> {
    const flushed = this.durability.released();
    await super.releaseConnection();
    await flushed;
  }
}

class FlushingDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly durability: Durability,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new FlushingDriver(this.config, this.durability);
  }
}

/** The page cache of the reading connection, in KiB: it holds the pages a search of 100,000 files reads. */
export const READS_CACHE_KIB = 32 * 1024;

/** WAL pages past which a commit checkpoints. */
export const CHECKPOINT_PAGES = 10_000;

/** The main connection's page cache, in KiB: it reads rows by key and writes; the long reads have their own. */
const MAIN_CACHE_KIB = 8 * 1024;

const exemptions = new WeakMap<Kysely<Database>, Durability>();

/** Where the embedded database of an installation's data directory lives. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'vault.db');
}

/**
 * The embedded database in dataDir, its commits durable as `walDurability`
 * says, and two read-only connections to it, each on a thread of its own
 * (`reads`, and `readsBeside` for a statement that runs beside one there).
 */
export function openSqlite(dataDir: string): { db: Kysely<Database>; reads: Kysely<Database>; readsBeside: Kysely<Database> } {
  fs.mkdirSync(dataDir, { recursive: true });
  const dbFile = sqliteFile(dataDir);
  const file = new SQLite(dbFile);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // SQLite's own page cache is 2 MiB by default: a search counting 25,000 of
  // 100,000 files read most pages again from the OS, each looked up in the
  // WAL's index first. Pages are allocated only as they are read.
  file.pragma(`cache_size = -${MAIN_CACHE_KIB}`);
  // A statement journal (an insert firing the name index's triggers inside a
  // transaction) spills past 64 KiB to a temporary file by default: an open,
  // an unlink and writes on the event loop for every upload. In memory instead.
  file.pragma('temp_store = MEMORY');
  // A checkpoint copies each page changed since the last one back into the
  // database file, on the event loop, at the commit that finds the WAL past
  // this many pages: a page that many commits change (a user's row, an
  // index's upper pages) is copied once per checkpoint, so fewer, larger ones
  // copy less (commits of the mixed load 0.20 ms on average at the default
  // 1,000 pages, 0.13 ms at 10,000; the WAL then peaks near 50 MB).
  file.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  const durability = walDurability(`${dbFile}-wal`);
  const database = withStatementCache(file, durability);
  const db = new Kysely<Database>({
    dialect: new FlushingDialect(
      {
        database: {
          prepare: database.prepare,
          close() {
            database.close();
            durability.close();
          },
        },
      },
      durability,
    ),
  });
  exemptions.set(db, durability);
  const reading = { file: dbFile, cacheKib: READS_CACHE_KIB, statementsKept: STATEMENT_CACHE_SIZE };
  return { db, reads: openSqliteReads(reading), readsBeside: openSqliteReads(reading) };
}

/** Runs `write` on the connection and answers without waiting for the disk: a crash may lose it. */
export function writeWithoutFlush<T>(db: Kysely<Database>, write: (conn: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    exemptions.get(db)?.exempt();
    return write(conn);
  });
}
