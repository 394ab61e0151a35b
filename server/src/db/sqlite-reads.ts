import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema.js';

export interface ReadsWorkerData {
  file: string;
  cacheKib: number;
  statementsKept: number;
}

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
  /** Statements run right after, each with the JSON array of the first's ids in place of IDS_OF_FIRST (read-then.ts). */
  then: { sql: string; parameters: readonly unknown[] }[];
}

/** The rows of a request's statement, and of those it runs after it. */
export interface ReadRows {
  rows: unknown[];
  then: unknown[][];
}

type ReadAnswer = ({ id: number } & ReadRows) | { id: number; error: { message: string; code?: string } };

interface Pending {
  resolve(rows: ReadRows): void;
  reject(err: Error): void;
}

/**
 * The thread that runs reads, started at the first one. A thread that stops
 * fails the reads it had; the next read starts another. The thread keeps the
 * process alive only while reads are waiting on it.
 */
class ReadsThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 1;

  constructor(private readonly data: ReadsWorkerData) {}

  read(query: CompiledQuery, then: readonly CompiledQuery[] = []): Promise<ReadRows> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: ReadRequest = { id, sql: query.sql, parameters: query.parameters, then: then.map((next) => ({ sql: next.sql, parameters: next.parameters })) };
      worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./sqlite-reads-worker.mjs', import.meta.url), { workerData: this.data });
    worker.unref();
    worker.on('message', (answer: ReadAnswer) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if ('rows' in answer) waiting.resolve(answer);
      else waiting.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    });
    const gone = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`The reading thread stopped (exit code ${code})`)));
    return worker;
  }
}

class ReadsConnection implements DatabaseConnection {
  constructor(private readonly thread: ReadsThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.thread.read(query)).rows as R[] };
  }

  // eslint-disable-next-line require-yield -- nothing streams from the reading thread
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Reads from the reading thread do not stream');
  }
}

const noTransactions = () => Promise.reject(new Error('The reading connection runs single statements, not transactions'));

/** Every caller shares the one connection: the thread takes its statements in turn. */
class ReadsDriver implements Driver {
  private readonly connection: ReadsConnection;

  constructor(private readonly thread: ReadsThread) {
    this.connection = new ReadsConnection(thread);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  beginTransaction = noTransactions;
  commitTransaction = noTransactions;
  rollbackTransaction = noTransactions;
  async releaseConnection(): Promise<void> {}
  destroy(): Promise<void> {
    return this.thread.stop();
  }
}

class ReadsDialect implements Dialect {
  constructor(private readonly thread: ReadsThread) {}
  createDriver(): Driver {
    return new ReadsDriver(this.thread);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * A second, read-only connection to the SQLite file `file`, on a thread of
 * its own: a statement sent here leaves the event loop free while it runs, on
 * the other core. In WAL mode each statement sees every transaction committed
 * before it started, so a read sent after a write answered sees that write.
 * Only single statements that return rows: no transactions, no writes.
 */
export function openSqliteReads(data: ReadsWorkerData): Kysely<Database> {
  const thread = new ReadsThread(data);
  const reads = new Kysely<Database>({ dialect: new ReadsDialect(thread) });
  threads.set(reads, thread);
  return reads;
}

const threads = new WeakMap<Kysely<Database>, ReadsThread>();

/** The thread behind a connection openSqliteReads made; none for any other. */
export function readingThreadOf(db: Kysely<Database>): Pick<ReadsThread, 'read'> | undefined {
  return threads.get(db);
}
