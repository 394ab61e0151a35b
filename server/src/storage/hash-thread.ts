import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * SHA-256 is the slowest stage of an upload on a fast disk: as slow as the
 * network and the disk put together. On the event loop it added to the
 * parsing and writing there; on a thread of its own it runs beside them.
 * Bytes are copied once, into batches on SharedArrayBuffers that the thread
 * reads in place.
 */

/** Bytes handed to the thread at a time: one message per MiB. */
const BATCH_BYTES = 1024 * 1024;

/** Batches one hash may have waiting for the thread before its writer waits too: its memory. */
const QUEUED_BATCHES = 4;

/** Free batches kept for the next hashes: a new SharedArrayBuffer costs far more than the copy into it. */
const SPARE_BATCHES = 6;

const spare: Buffer[] = [];

const takeBatch = (): Buffer => spare.pop() ?? Buffer.from(new SharedArrayBuffer(BATCH_BYTES));

function giveBack(batch: Buffer): void {
  if (spare.length < SPARE_BATCHES) spare.push(batch);
}

/** The thread: one running hash per id; every message is answered once done with, in order. */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const running = new Map();
parentPort.on('message', ({ op, id, seq, bytes }) => {
  if (op === 'drop') return void running.delete(id);
  let hash = running.get(id);
  if (!hash) running.set(id, (hash = createHash('sha256')));
  if (op === 'update') {
    hash.update(bytes);
    return parentPort.postMessage({ seq });
  }
  running.delete(id);
  parentPort.postMessage({ seq, hex: hash.digest('hex') });
});
`;

type Request = { op: 'update'; bytes: Uint8Array } | { op: 'digest' };

/** The one hashing thread of the process, started on first use. */
class HashThread {
  private worker: Worker | undefined;
  /** Counts the threads started: a hash whose thread is gone has lost its state. */
  generation = 0;
  private nextSeq = 0;
  private readonly waiting = new Map<number, { resolve: (hex: string | undefined) => void; reject: (err: Error) => void }>();
  /** A hash that is dropped unfinished (a refused upload) is forgotten by the thread too. */
  readonly forget = new FinalizationRegistry<number>((id) => this.worker?.postMessage({ op: 'drop', id }));

  /** Sends to the thread of `generation` (starting one if none runs); fails if that thread is gone. */
  send(id: number, generation: number, request: Request): Promise<string | undefined> {
    const worker = this.started();
    if (generation !== this.generation) return Promise.reject(new Error('The hashing thread was restarted: the hash is lost'));
    const seq = this.nextSeq++;
    const answer = new Promise<string | undefined>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    worker.postMessage({ ...request, id, seq });
    return answer;
  }

  /** The generation of the running thread, started if none runs. */
  current(): number {
    this.started();
    return this.generation;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true });
    // Never what keeps the process alive: a request waiting for it is.
    worker.unref();
    worker.on('message', ({ seq, hex }: { seq: number; hex: string | undefined }) => {
      this.waiting.get(seq)?.resolve(hex);
      this.waiting.delete(seq);
    });
    const failed = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.waiting.values()) reject(err);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`The hashing thread exited with code ${code}`)));
    this.worker = worker;
    this.generation += 1;
    return worker;
  }
}

const thread = new HashThread();
let nextId = 0;

/**
 * A running SHA-256 computed on the hashing thread. `update` copies the
 * bytes (the caller may reuse them at once) and returns a promise only when
 * QUEUED_BATCHES wait for the thread: then the caller waits before it sends
 * more. Content that fits one batch is hashed here, without a round trip.
 */
export class ThreadedSha256 {
  private readonly id = nextId++;
  private batch: Buffer | undefined;
  private filled = 0;
  /** The thread holding the state, once a batch was sent. */
  private generation: number | undefined;
  /** The batches the thread has not finished, oldest first. */
  private readonly queued: Promise<unknown>[] = [];
  private failure: unknown;

  constructor() {
    thread.forget.register(this, this.id, this);
  }

  update(bytes: Buffer): Promise<unknown> | undefined {
    for (let taken = 0; taken < bytes.length; ) {
      this.batch ??= takeBatch();
      const copied = bytes.copy(this.batch, this.filled, taken);
      taken += copied;
      this.filled += copied;
      if (this.filled === BATCH_BYTES) this.send();
    }
    return this.queued.length >= QUEUED_BATCHES ? this.queued[0] : undefined;
  }

  /** Lower-case hex; the hash takes no more bytes afterwards. */
  async digest(): Promise<string> {
    if (this.generation === undefined) {
      const hex = createHash('sha256').update(this.batch?.subarray(0, this.filled) ?? Buffer.alloc(0)).digest('hex');
      if (this.batch) giveBack(this.batch);
      this.batch = undefined;
      return hex;
    }
    if (this.filled > 0) this.send();
    thread.forget.unregister(this);
    const hex = await thread.send(this.id, this.generation, { op: 'digest' });
    if (this.failure !== undefined) throw this.failure;
    return hex!;
  }

  private send(): void {
    const batch = this.batch!;
    const bytes = new Uint8Array(batch.buffer, 0, this.filled);
    this.batch = undefined;
    this.filled = 0;
    this.generation ??= thread.current();
    const done = thread.send(this.id, this.generation, { op: 'update', bytes });
    // Whoever waits for this batch gets its failure, and so does the digest; never unhandled.
    done.then(() => giveBack(batch), (err: unknown) => (this.failure ??= err));
    this.queued.push(done);
    void done.finally(() => this.queued.shift()).catch(() => undefined);
  }
}
