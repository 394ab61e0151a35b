// The one-pass upload of the reference server: the work an upload of a large
// file cannot do without, done the leanest way Node allows, and nothing else
// (no routing, authentication, limits, database or events). The file part of a
// multipart body is found with Buffer.indexOf, copied into batches that a
// thread of its own hashes with Node's SHA-256, and into aligned stages
// written around the page cache (O_DIRECT), then made durable. So it is what
// the machine's two cores give a Node server for the stages of the limit run
// together, beside the client that sends the bytes.
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';

const MIB = 1024 * 1024;
/** Hashing batches: 1 MiB each, four at most on the thread (more measured no faster: they outgrow the cache). */
const BATCH = MIB;
const BATCHES = 4;
/** Direct writes: 4 MiB each (as `dd oflag=direct` in the limit), three at most under way. */
const STAGE = 4 * MIB;
const STAGES = 3;
const ALIGN = 4096;
const WASM_PAGE = 64 * 1024;

/** The part of WebAssembly's API used here; Node's type library does not declare it. */
declare const WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } };

/** What the hashing thread (one-pass-hash-worker.mjs) is sent, and answers. */
export type ToHasher = { kind: 'bytes'; buffer: ArrayBuffer; length: number } | { kind: 'end' };
type FromHasher = { kind: 'returned'; buffer: ArrayBuffer } | { kind: 'digest'; hex: string };

/** Lets whoever waits for a free buffer go on once one is given back. */
class FreeBuffers<T> {
  private waiter: (() => void) | undefined;

  constructor(private readonly free: T[]) {}

  /** A free buffer, or a promise that resolves once one is given back (then take again). */
  take(): T | Promise<void> {
    return this.free.pop() ?? new Promise<void>((resolve) => (this.waiter = resolve));
  }

  give(buffer: T): void {
    this.free.push(buffer);
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

/**
 * Copies a stream's bytes into buffers of `size` taken from `free`, and hands
 * each to `full` once filled (the last one with what it holds, at `flush`).
 */
class Filler {
  private buffer: Buffer | undefined;
  private filled = 0;

  constructor(
    private readonly free: FreeBuffers<Buffer>,
    private readonly size: number,
    private readonly full: (buffer: Buffer, filled: number) => void,
  ) {}

  /** Takes `bytes` (copied); a promise when it had to wait for a buffer, else undefined. */
  take(bytes: Buffer, from = 0): Promise<void> | undefined {
    for (let taken = from; taken < bytes.length; ) {
      if (!this.buffer) {
        const free = this.free.take();
        if (free instanceof Promise) return free.then(() => this.take(bytes, taken));
        this.buffer = free;
      }
      const n = bytes.copy(this.buffer, this.filled, taken);
      taken += n;
      this.filled += n;
      if (this.filled === this.size) this.flush();
    }
    return undefined;
  }

  /** Gives the buffer being filled back unsent: the stream will not go on. */
  drop(): void {
    if (this.buffer) this.free.give(this.buffer);
    this.buffer = undefined;
    this.filled = 0;
  }

  /** Hands on the buffer being filled, if it holds anything. */
  flush(): void {
    const buffer = this.buffer;
    const filled = this.filled;
    this.buffer = undefined;
    this.filled = 0;
    if (buffer && filled > 0) this.full(buffer, filled);
  }
}

/** SHA-256 on a thread of its own, of one stream at a time. */
class Hasher {
  private readonly worker = new Worker(new URL('./one-pass-hash-worker.mjs', import.meta.url));
  private readonly batches = new FreeBuffers(Array.from({ length: BATCHES }, () => Buffer.from(new ArrayBuffer(BATCH))));
  private readonly filler = new Filler(this.batches, BATCH, (batch, length) => {
    const buffer = batch.buffer as ArrayBuffer;
    this.post({ kind: 'bytes', buffer, length }, [buffer]);
  });
  private digested: ((hex: string) => void) | undefined;

  constructor() {
    this.worker.unref();
    this.worker.on('message', (message: FromHasher) => {
      if (message.kind === 'digest') return this.digested?.(message.hex);
      this.batches.give(Buffer.from(message.buffer));
    });
  }

  /** Takes `bytes` (copied); a promise when it had to wait for a batch, else undefined. */
  update(bytes: Buffer): Promise<void> | undefined {
    return this.filler.take(bytes);
  }

  digest(): Promise<string> {
    this.filler.flush();
    this.post({ kind: 'end' });
    return new Promise((resolve) => (this.digested = resolve));
  }

  private post(message: ToHasher, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer);
  }
}

/** A new file written around the page cache from aligned stages, several writes under way. */
class DirectFile {
  private readonly fd: number;
  private readonly filler: Filler;
  private offset = 0;
  private size = 0;
  private readonly writes = new Set<Promise<void>>();
  /** The first write that failed: close() reports it. */
  private failure: Error | undefined;

  constructor(
    readonly file: string,
    private readonly stages: FreeBuffers<Buffer>,
  ) {
    this.fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_DIRECT);
    this.filler = new Filler(stages, STAGE, (stage, filled) => this.writeStage(stage, filled));
  }

  /** Takes `bytes` (copied); a promise when it had to wait for a stage, else undefined. */
  write(bytes: Buffer): Promise<void> | undefined {
    return this.filler.take(bytes);
  }

  /** Waits for the writes under way and closes the file, as it is; the stage being filled goes back unwritten. */
  async abandon(): Promise<void> {
    this.filler.drop();
    await Promise.allSettled(this.writes);
    fs.closeSync(this.fd);
  }

  /** Writes what is left (rounded up to the alignment, then cut back), and makes the file durable. */
  async close(): Promise<number> {
    this.filler.flush();
    await Promise.allSettled(this.writes);
    if (this.failure) {
      fs.closeSync(this.fd);
      throw this.failure;
    }
    fs.ftruncateSync(this.fd, this.size);
    fs.fdatasyncSync(this.fd);
    fs.closeSync(this.fd);
    return this.size;
  }

  private writeStage(stage: Buffer, filled: number): void {
    const length = Math.ceil(filled / ALIGN) * ALIGN;
    const offset = this.offset;
    this.size += filled;
    this.offset += length;
    const written = new Promise<void>((resolve, reject) =>
      fs.write(this.fd, stage, 0, length, offset, (err, n) => (err ? reject(err) : n < length ? reject(new Error(`a short write: ${n} of ${length} bytes`)) : resolve())),
    );
    this.writes.add(written);
    written
      .catch((err: Error) => {
        this.failure ??= err;
      })
      .finally(() => {
        this.writes.delete(written);
        this.stages.give(stage);
      });
  }
}

/**
 * Finds the first part's bytes in a multipart body as it streams: after the
 * part's headers, up to the delimiter (CRLF, two dashes, the boundary). A
 * chunk's last bytes that may begin the delimiter are held back until the
 * next chunk tells.
 */
export class FirstPart {
  private readonly delimiter: Buffer;
  private state: 'headers' | 'body' | 'after' = 'headers';
  private held = Buffer.alloc(0);

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** The part's bytes in `chunk` (with any held back before), in order. */
  scan(chunk: Buffer): Buffer[] {
    if (this.state === 'after') return [];
    if (this.state === 'headers') {
      const seen = Buffer.concat([this.held, chunk]);
      const end = seen.indexOf('\r\n\r\n');
      if (end < 0) {
        this.held = seen;
        return [];
      }
      this.state = 'body';
      this.held = Buffer.alloc(0);
      return this.body(seen.subarray(end + 4));
    }
    return this.body(chunk);
  }

  private body(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let data = chunk;
    if (this.held.length > 0) {
      // A delimiter that began in the held bytes ends within the chunk's first bytes.
      const head = Buffer.concat([this.held, chunk.subarray(0, this.delimiter.length - 1)]);
      const at = head.indexOf(this.delimiter);
      if (at >= 0) return this.end(head.subarray(0, at));
      // A chunk shorter than that is searched with the held bytes, whose end may still begin one.
      if (head.length < this.held.length + this.delimiter.length - 1) data = head;
      else out.push(this.held);
    }
    const at = data.indexOf(this.delimiter);
    if (at >= 0) return [...out, ...this.end(data.subarray(0, at))];
    const keep = Math.min(this.delimiter.length - 1, data.length);
    this.held = Buffer.from(data.subarray(data.length - keep));
    out.push(data.subarray(0, data.length - keep));
    return out;
  }

  private end(last: Buffer): Buffer[] {
    this.state = 'after';
    this.held = Buffer.alloc(0);
    return [last];
  }
}

let hasher: Hasher | undefined;
let stages: FreeBuffers<Buffer> | undefined;

/** The direct writes' stages, kept from one upload to the next (as the hashing batches are). */
function directStages(): FreeBuffers<Buffer> {
  // WebAssembly memory starts on a page of its own, as direct I/O requires of a buffer.
  const memory = new WebAssembly.Memory({ initial: (STAGES * STAGE) / WASM_PAGE });
  return new FreeBuffers(Array.from({ length: STAGES }, (_, i) => Buffer.from(memory.buffer, i * STAGE, STAGE)));
}

/** Hashes and writes `pieces` in order; a promise only when either had to wait (most chunks go through at once). */
function store(pieces: Buffer[], hash: Hasher, out: DirectFile, from = 0): Promise<void> | undefined {
  for (let i = from; i < pieces.length; i++) {
    const bytes = pieces[i]!;
    const hashed = hash.update(bytes);
    const written = hashed ? hashed.then(() => out.write(bytes)) : out.write(bytes);
    if (written) return written.then(() => store(pieces, hash, out, i + 1));
  }
  return undefined;
}

/**
 * Receives a multipart upload's first part into a new file `file`, made
 * durable: its size and SHA-256, so the caller can tell every byte went
 * through. One upload at a time.
 */
export async function receiveOnePass(req: IncomingMessage, file: string): Promise<{ size: number; sha256: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(req.headers['content-type'] ?? '');
  if (!boundary) throw new Error('not a multipart body');
  const part = new FirstPart(boundary[1] ?? boundary[2]!);
  const hash = (hasher ??= new Hasher());
  const out = new DirectFile(file, (stages ??= directStages()));
  /** A chunk still waiting for a buffer: a failed request lets it finish before resetting what it feeds. */
  let waiting: Promise<void> | undefined;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      waiting = store(part.scan(chunk), hash, out);
      if (waiting) waiting.then(() => done(), done);
      else done();
    },
  });
  try {
    await pipeline(req, sink);
  } catch (err) {
    // The next upload starts from a fresh hash and file.
    await waiting?.catch(() => undefined);
    await Promise.all([out.abandon(), hash.digest()]);
    throw err;
  }
  const [sha256, size] = await Promise.all([hash.digest(), out.close()]);
  return { size, sha256 };
}
