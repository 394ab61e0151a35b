import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/** What the hashing thread (hash-thread-worker.mjs) is sent: a batch of a stream's bytes (its buffer handed over), the stream's end, or its abandonment. */
export type ToHashThread =
  | { kind: 'bytes'; stream: number; buffer: ArrayBuffer; length: number }
  | { kind: 'end'; stream: number }
  | { kind: 'drop'; stream: number };

type FromHashThread = { kind: 'returned'; stream: number; buffer: ArrayBuffer } | { kind: 'digest'; stream: number; digest: string };

/**
 * From this many bytes on, a stream is hashed on the thread. SHA-256 took a
 * third of the event loop's time in a large upload, which the loop could
 * spend receiving; below this, handing bytes over costs more than hashing
 * them where they are.
 */
export const OFF_THREAD_FROM = 1024 * 1024;

/** Bytes handed over at a time: each hand-over is two messages, so a few per MiB at most. */
const BATCH_BYTES = 1024 * 1024;

/** Batches of one stream that may be on the thread at once before its sender waits: how far hashing may fall behind, and the memory it takes. */
const BATCHES = 4;

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

/** One stream's bytes on their way to the thread, copied into batches whose buffers the thread hands back. */
class ThreadStream {
  private batch: Buffer | undefined;
  private filled = 0;
  private readonly free: Buffer[] = [];
  private allocated = 0;
  private waiting: Waiter | undefined;
  private digested: { resolve: (digest: string) => void; reject: (err: Error) => void } | undefined;
  private failure: Error | undefined;

  constructor(
    private readonly thread: HashThread,
    readonly id: number,
  ) {}

  /** Takes `chunk` (copied); resolves once all of it is taken when that means waiting for the thread, else returns nothing. */
  update(chunk: Buffer): Promise<void> | undefined {
    for (let taken = 0; taken < chunk.length; ) {
      if (!this.batch) {
        const batch = this.freeBatch();
        if (!batch) return this.whenFree().then(() => this.update(chunk.subarray(taken)));
        this.batch = batch;
      }
      const copied = chunk.copy(this.batch, this.filled, taken);
      taken += copied;
      this.filled += copied;
      if (this.filled === BATCH_BYTES) this.send();
    }
    return undefined;
  }

  digest(): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.filled > 0) this.send();
    this.thread.post({ kind: 'end', stream: this.id });
    this.thread.hold(this);
    return new Promise((resolve, reject) => (this.digested = { resolve, reject }));
  }

  receive(message: FromHashThread): void {
    if (message.kind === 'digest') {
      this.thread.forget(this.id);
      this.digested?.resolve(message.digest);
      return;
    }
    this.free.push(Buffer.from(message.buffer));
    // Only a sender waiting for a batch is let go here: a digest on its way still holds the stream.
    const waiter = this.waiting;
    if (!waiter) return;
    this.waiting = undefined;
    this.thread.release(this);
    waiter.resolve();
  }

  /** The stream will not end: whoever waits for it is told, and the thread forgets it. */
  drop(): void {
    this.fail(new Error('The hash was dropped before its end'));
    this.thread.release(this);
    this.thread.drop(this.id);
  }

  fail(err: Error): void {
    this.failure = err;
    this.waiting?.reject(err);
    this.digested?.reject(err);
  }

  private send(): void {
    const buffer = this.batch!.buffer as ArrayBuffer;
    this.thread.post({ kind: 'bytes', stream: this.id, buffer, length: this.filled }, [buffer]);
    this.batch = undefined;
    this.filled = 0;
  }

  private freeBatch(): Buffer | undefined {
    if (this.free.length > 0) return this.free.pop();
    if (this.allocated === BATCHES) return undefined;
    this.allocated += 1;
    // A buffer of its own (not a slice of a shared pool), so it can be handed over whole.
    return Buffer.allocUnsafeSlow(BATCH_BYTES);
  }

  private whenFree(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.thread.hold(this);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }
}

/**
 * The process's hashing thread: started at the first large stream, then kept
 * (it does not keep the process alive). A stream its owner lets go of
 * without an end (a failed request, resumable hashes no request took up
 * again) is dropped on the thread once it is collected; one the thread still
 * has to answer is held until it does.
 */
class HashThread {
  private readonly worker: Worker;
  private readonly streams = new Map<number, WeakRef<ThreadStream>>();
  private readonly awaited = new Set<ThreadStream>();
  private readonly collected = new FinalizationRegistry<number>((id) => this.drop(id));
  private next = 1;

  constructor(onGone: () => void) {
    this.worker = new Worker(new URL('./hash-thread-worker.mjs', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (message: FromHashThread) => this.streams.get(message.stream)?.deref()?.receive(message));
    const gone = (err: Error) => {
      onGone();
      for (const stream of this.streams.values()) stream.deref()?.fail(err);
      this.streams.clear();
      this.awaited.clear();
    };
    this.worker.on('error', gone);
    this.worker.on('exit', (code) => gone(new Error(`The hashing thread stopped (exit code ${code})`)));
  }

  open(): ThreadStream {
    const stream = new ThreadStream(this, this.next++);
    this.streams.set(stream.id, new WeakRef(stream));
    this.collected.register(stream, stream.id);
    return stream;
  }

  post(message: ToHashThread, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer);
  }

  /** Keeps `stream` while the thread has yet to answer it (a promise alone would not). */
  hold(stream: ThreadStream): void {
    this.awaited.add(stream);
  }

  release(stream: ThreadStream): void {
    this.awaited.delete(stream);
  }

  /** The stream has its digest: the thread has forgotten it already. */
  forget(id: number): void {
    const stream = this.streams.get(id)?.deref();
    if (stream) this.release(stream);
    this.streams.delete(id);
  }

  drop(id: number): void {
    if (!this.streams.delete(id)) return;
    this.post({ kind: 'drop', stream: id });
  }
}

/** Something that takes chunks in order and may ask its caller to wait before the next. */
export interface ChunkTaker {
  update(chunk: Buffer): Promise<void> | undefined;
}

/** Hands `chunks` to `taker` in order from `from` on, waiting whenever it asks; a promise only if it did. */
export function updateInOrder(taker: ChunkTaker, chunks: Buffer[], from = 0): Promise<void> | undefined {
  for (let i = from; i < chunks.length; i++) {
    const waiting = taker.update(chunks[i]!);
    if (waiting) return waiting.then(() => updateInOrder(taker, chunks, i + 1));
  }
  return undefined;
}

let thread: HashThread | undefined;
const hashThread = () => (thread ??= new HashThread(() => (thread = undefined)));

/**
 * SHA-256 of a stream's bytes, hex: hashed where they arrive while the
 * stream is small (its chunks are kept meanwhile), on the hashing thread
 * once it reaches OFF_THREAD_FROM bytes.
 */
export class StreamHash {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private thread: ThreadStream | undefined;

  /** Takes `chunk`, which must not change afterwards; a promise when the caller must wait for the thread before the next. */
  update(chunk: Buffer): Promise<void> | undefined {
    if (this.thread) return this.thread.update(chunk);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < OFF_THREAD_FROM) return undefined;
    this.thread = hashThread().open();
    const held = this.held;
    this.held = [];
    return updateInOrder(this.thread, held);
  }

  digest(): Promise<string> {
    if (this.thread) return this.thread.digest();
    const hash = createHash('sha256');
    for (const chunk of this.held) hash.update(chunk);
    return Promise.resolve(hash.digest('hex'));
  }

  /** The stream will not end: the thread forgets it. */
  drop(): void {
    this.thread?.drop();
    this.held = [];
  }
}
