import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema.js';
import { readNow } from './sqlite.js';

/** A statement for the reader's worker (sqlite-reader-worker.mjs). */
export interface ReaderRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

/** The worker's answer to the request of the same id: its rows, or why it failed. */
export type ReaderReply = { id: number; rows: Record<string, unknown>[] } | { id: number; error: { message: string; code: string | undefined } };

/** Statements waiting for the worker beyond which the next one runs on the server's connection instead. */
const WORKER_BACKLOG = 1;

/** An error of the reader's connection, with SQLite's code as the main connection's errors carry it. */
class ReaderError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** Byte arrays come back from the worker as plain Uint8Arrays; the main connection gives Buffers. */
function withBuffers(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) row[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return rows;
}

/**
 * The worker thread and the statements waiting for it. It starts at the
 * first statement (tools that never list files never start it), holds the
 * process open only while statements wait, and is started again after a
 * crash, which fails the statements it held.
 */
class ReaderThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (rows: Record<string, unknown>[]) => void; reject: (err: Error) => void }>();

  constructor(private readonly file: string) {}

  /** Statements sent and not answered yet. */
  get backlog(): number {
    return this.waiting.size;
  }

  run(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
    const worker = this.started();
    const id = this.nextId++;
    const rows = new Promise<Record<string, unknown>[]>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    if (this.waiting.size === 1) worker.ref();
    worker.postMessage({ id, sql, parameters } satisfies ReaderRequest);
    return rows;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./sqlite-reader-worker.mjs', import.meta.url), { workerData: { file: this.file } });
    worker.unref();
    worker.on('message', (reply: ReaderReply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if ('error' in reply) waiter.reject(new ReaderError(reply.error.message, reply.error.code));
      else waiter.resolve(withBuffers(reply.rows));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database reader stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/**
 * Reads only: a transaction, or a statement that changes something, is
 * refused. A statement goes to the worker unless it is already busy; then
 * it runs on the server's own connection (unless a transaction is open
 * there), so that neither thread idles while the other has work queued.
 */
class ReaderConnection implements DatabaseConnection {
  constructor(
    private readonly thread: ReaderThread,
    private readonly server: Kysely<Database>,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const here = this.thread.backlog >= WORKER_BACKLOG ? readNow(this.server, query.sql, query.parameters) : undefined;
    const rows = here ?? (await this.thread.run(query.sql, query.parameters));
    return { rows: rows as R[] };
  }

  /** The reader answers with all of a statement's rows at once. */
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The database reader does not stream');
  }
}

class ReaderDriver implements Driver {
  private readonly connection: ReaderConnection;

  constructor(
    private readonly thread: ReaderThread,
    server: Kysely<Database>,
  ) {
    this.connection = new ReaderConnection(thread, server);
  }

  async init(): Promise<void> {}

  /** One connection for every caller: the worker runs their statements in turn. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('The database reader runs no transactions');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.thread.stop();
  }
}

/**
 * A read-only view of the embedded database in `file` whose statements run
 * on a worker thread: the event loop waits for their rows without running
 * them, so a long listing or search leaves it free and uses another core.
 * Each statement sees every commit of the server's connection made before it
 * runs, as a statement of that connection would. For reads that take a
 * while and need no transaction; a transaction's reads belong to its own
 * connection.
 */
export function openSqliteReader(file: string, server: Kysely<Database>): Kysely<Database> {
  const thread = new ReaderThread(file);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReaderDriver(thread, server),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return new Kysely<Database>({ dialect });
}
