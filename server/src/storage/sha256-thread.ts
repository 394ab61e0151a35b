import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What the hashing thread is told (sha256-worker.mjs). */
export type ToHasher =
  | { op: 'update'; id: number; batch: ArrayBuffer; length: number }
  | { op: 'digest'; id: number }
  | { op: 'drop'; id: number };

type FromHasher = { op: 'hashed'; id: number; batch: ArrayBuffer } | { op: 'digest'; id: number; hex: string };

/** Bytes handed to the thread at once: each hand-over is a message, so they are few per GiB. */
const BATCH_BYTES = 1024 * 1024;

/** Batches a hash may have at the thread before its writer waits: the memory one hash takes at most. */
const BATCHES_OUT = 4;

/**
 * Content up to this size is hashed on the event loop when it ends, which
 * costs less than handing it over; longer content goes to a hashing thread.
 */
const OFF_THREAD_FROM = 1024 * 1024;

interface Open {
  returned(batch: ArrayBuffer): void;
  finished(hex: string): void;
  failed(err: Error): void;
}

/** A hashing thread, started on first use and again after a failure; it keeps the process alive only while a hash is open. */
class HashThread {
  private worker: Worker | undefined;
  private readonly open = new Map<number, Open>();

  get size(): number {
    return this.open.size;
  }

  add(id: number, hash: Open): void {
    this.open.set(id, hash);
    this.started().ref();
  }

  /** Whether the hash was still open. */
  remove(id: number): boolean {
    const removed = this.open.delete(id);
    if (this.open.size === 0) this.worker?.unref();
    return removed;
  }

  post(message: ToHasher, transfer: ArrayBuffer[] = []): void {
    this.started().postMessage(message, transfer);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./sha256-worker.mjs', import.meta.url));
    worker.on('message', (message: FromHasher) => {
      const hash = this.open.get(message.id);
      if (message.op === 'hashed') hash?.returned(message.batch);
      else hash?.finished(message.hex);
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const hash of this.open.values()) hash.failed(err);
      this.open.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The hashing thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** One thread per core beyond the event loop's, at most four. */
const threads = Array.from({ length: Math.max(1, Math.min(4, availableParallelism() - 1)) }, () => new HashThread());
let lastId = 0;

/** How many unfinished hashes the threads hold: each is a hash state there, let go by its digest or its drop. */
export const threadHashesOpen = (): number => threads.reduce((sum, thread) => sum + thread.size, 0);

/** The thread with the fewest hashes running. */
const leastBusy = () => threads.reduce((best, thread) => (thread.size < best.size ? thread : best));

/**
 * A SHA-256 computed on a hashing thread: bytes are copied into a few batches
 * that travel to the thread and back, so the memory stays bounded and the
 * batches are reused rather than collected. The hash takes a place at a
 * thread with its first bytes, and leaves it with its digest or drop().
 */
export class ThreadSha256 implements Open {
  private readonly id = ++lastId;
  private thread: HashThread | undefined;
  private readonly free: ArrayBuffer[] = [];
  private batch: ArrayBuffer | undefined;
  private filled = 0;
  private out = 0;
  /** While parked, batches coming back are let go rather than kept for reuse. */
  private parked = false;
  private room: { resolve(): void; reject(err: Error): void } | undefined;
  private result: { resolve(hex: string): void; reject(err: Error): void } | undefined;
  private failure: Error | undefined;

  /** Takes a copy of `chunk`; when a promise comes back, no more may be given until it resolves. */
  update(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    this.parked = false;
    for (let taken = 0; taken < chunk.length; ) {
      this.batch ??= this.free.pop() ?? new ArrayBuffer(BATCH_BYTES);
      const copied = chunk.copy(new Uint8Array(this.batch, this.filled), 0, taken);
      this.filled += copied;
      taken += copied;
      if (this.filled === BATCH_BYTES) this.send();
    }
    if (this.out < BATCHES_OUT) return undefined;
    return new Promise((resolve, reject) => (this.room = { resolve, reject }));
  }

  /** Lower-case hex; takes no more bytes afterwards. */
  digest(): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.filled > 0) this.send();
    this.post({ op: 'digest', id: this.id });
    return new Promise((resolve, reject) => (this.result = { resolve, reject }));
  }

  /** While no bytes come for a while: what was taken goes to the thread, and this side keeps no batch. */
  park(): void {
    if (this.filled > 0) this.send();
    this.batch = undefined;
    this.free.length = 0;
    this.parked = true;
  }

  /** Forgets the hash unfinished. */
  drop(): void {
    if (!this.thread?.remove(this.id)) return;
    this.thread.post({ op: 'drop', id: this.id });
  }

  returned(batch: ArrayBuffer): void {
    this.out -= 1;
    if (!this.parked) this.free.push(batch);
    const room = this.room;
    this.room = undefined;
    room?.resolve();
  }

  finished(hex: string): void {
    this.thread?.remove(this.id);
    this.result?.resolve(hex);
  }

  failed(err: Error): void {
    this.failure = err;
    this.room?.reject(err);
    this.result?.reject(err);
  }

  private post(message: ToHasher, transfer: ArrayBuffer[] = []): void {
    if (!this.thread) {
      this.thread = leastBusy();
      this.thread.add(this.id, this);
    }
    this.thread.post(message, transfer);
  }

  private send(): void {
    const batch = this.batch!;
    this.post({ op: 'update', id: this.id, batch, length: this.filled }, [batch]);
    this.batch = undefined;
    this.filled = 0;
    this.out += 1;
  }
}

/**
 * The SHA-256 of content as it arrives in order. The first OFF_THREAD_FROM
 * bytes are only kept; once the content is longer, they and the rest go to a
 * hashing thread, which takes the hash's cost (about as much CPU as the rest
 * of an upload together) off the event loop.
 */
export class ContentSha256 {
  private early: Buffer[] = [];
  private earlyBytes = 0;
  private thread: ThreadSha256 | undefined;

  /** Takes `chunk`; when a promise comes back, no more may be given until it resolves. */
  update(chunk: Buffer): Promise<void> | undefined {
    if (this.thread) return this.thread.update(chunk);
    this.early.push(chunk);
    this.earlyBytes += chunk.length;
    if (this.earlyBytes < OFF_THREAD_FROM) return undefined;
    this.thread = new ThreadSha256();
    const early = Buffer.concat(this.early, this.earlyBytes);
    this.early = [];
    return this.thread.update(early);
  }

  /** Lower-case hex; takes no more bytes afterwards. */
  async digest(): Promise<string> {
    if (this.thread) return this.thread.digest();
    const hash = createHash('sha256');
    for (const chunk of this.early) hash.update(chunk);
    this.early = [];
    return hash.digest('hex');
  }

  /** Forgets the hash unfinished (the content was refused). */
  drop(): void {
    this.early = [];
    this.thread?.drop();
  }
}
