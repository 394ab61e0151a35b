import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { DirectWrites } from './direct-io.js';
import { updateInOrder } from './hash-thread.js';
import type { PutHashing } from './object-store.js';
import { Original } from './original.js';
import { WriteQueue } from './write-queue.js';

const MIB = 1024 * 1024;

/**
 * The most bytes one write takes to the disk: chunks (64 KiB or less as they
 * come off the socket) are gathered up to this much while a write is in
 * flight. Each write is a thread-pool round trip, and each round trip costs
 * the event loop more than the kernel's copy of the bytes: the job is queued
 * under the pool's lock, a worker is woken, and its completion wakes the
 * loop (on two cores the loop often waits for that lock). 256 KiB had been
 * measured best, but while a third of the upload's CPU went into full garbage
 * collections (see body-memory.ts), which hid the difference. Measured
 * since, on a 1 GiB upload, alternating: 1 MiB writes cost 2.9 to 3.5
 * CPU-seconds per GiB against 3.2 to 3.9 for 256 KiB; 2 and 4 MiB cost no
 * less in an upload, but a re-upload held off the disk then cost the kernel
 * four times as much (2.4 to 2.7 s per GiB in the pool's threads).
 */
export const WRITE_BYTES = 1024 * 1024;

/**
 * Each time this much more has been written, the file is flushed in the
 * background (fdatasync, off the event loop), so the disk works while bytes
 * still arrive and the final fsync has little left to do.
 */
const FLUSH_EVERY = 32 * MIB;

/**
 * Once a file has this many bytes, and nothing holds its flushes back, the
 * rest of it is written around the page cache (DirectWrites). Smaller files
 * are not worth the second descriptor.
 */
const DIRECT_FROM = 8 * MIB;

/**
 * A resumable upload's chunks are copied into batches of this size, each
 * written while the next ones fill: as for WRITE_BYTES, a size between round
 * trips per chunk and copies out of the CPU's cache. Measured side by side on
 * a quiet machine, a 1 GiB PATCH spent 1.6 to 1.8 CPU-seconds per GiB with
 * batches of 128 or 256 KiB, 2.4 at 512 KiB, 3.5 at 64 KiB and 4.1 at 1 MiB.
 */
const BATCH_BYTES = 256 * 1024;

/** Full batches that may wait for the disk before the caller waits: the memory a resumable upload's writes take at most. */
const QUEUED_BATCHES = 4;

const totalLength = (buffers: Buffer[]) => buffers.reduce((n, b) => n + b.length, 0);

/** Buffers from `bufs` after their first `n` bytes. */
function after(bufs: Buffer[], n: number): Buffer[] {
  let skip = n;
  const rest: Buffer[] = [];
  for (const buf of bufs) {
    if (skip >= buf.length) {
      skip -= buf.length;
      continue;
    }
    rest.push(skip > 0 ? buf.subarray(skip) : buf);
    skip = 0;
  }
  return rest;
}

/**
 * Writes buffers into an open file, in order from `position` on, however
 * the disk takes them, flushing it progressively. `holdFlush` is asked
 * before each background flush: while it says so, written bytes stay in the
 * page cache (content that will likely be dropped need not reach the disk).
 * Past DIRECT_FROM bytes, with `file` given and no flush held back, the
 * writes go around the page cache instead (DirectWrites). Does not make the
 * file durable: the final fsync is the caller's, after `complete`.
 */
class FlushingFile {
  size = 0;
  private unflushed = 0;
  private flushing: Promise<void> | undefined;
  private flushError: Error | undefined;
  private direct: DirectWrites | undefined;
  private directAsked = false;

  constructor(
    private readonly handle: FileHandle,
    private position: number,
    private readonly holdFlush: () => boolean,
    private readonly file?: string,
  ) {}

  /** Whether writes now go around the page cache, where each buffer is copied into a stage at once. */
  get isDirect(): boolean {
    return this.direct !== undefined;
  }

  async write(buffers: Buffer[]): Promise<void> {
    if (this.flushError) throw this.flushError;
    if (!this.directAsked && this.file !== undefined && this.size >= DIRECT_FROM && !this.holdFlush()) {
      this.directAsked = true;
      this.direct = await DirectWrites.open(this.file, this.handle, this.position);
    }
    if (this.direct) {
      await this.direct.write(buffers);
      const length = totalLength(buffers);
      this.position += length;
      this.size += length;
      this.unflushed += length;
      this.startFlush();
      return;
    }
    for (let pending = buffers; pending.length > 0; ) {
      const { bytesWritten } = await this.handle.writev(pending, this.position);
      if (bytesWritten === 0) throw new Error('The disk accepted no bytes');
      this.position += bytesWritten;
      this.size += bytesWritten;
      this.unflushed += bytesWritten;
      pending = after(pending, bytesWritten);
    }
    this.startFlush();
  }

  /** Writes what direct writes still hold and waits for the background flush: the file is then ready for its fsync. */
  async complete(): Promise<void> {
    await this.direct?.flush();
    await this.settled();
  }

  /** Resolves once no background flush is running (the handle may then be closed); rejects if one failed. */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.flushError) throw this.flushError;
  }

  /** Once the file is done with: waits for every write in flight, failures aside, and lets go of what direct writes held. */
  async release(): Promise<void> {
    await this.direct?.release();
    await this.settled().catch(() => undefined);
  }

  private startFlush(): void {
    if (this.flushing || this.unflushed < FLUSH_EVERY || this.holdFlush()) return;
    this.unflushed = 0;
    this.flushing = this.handle.datasync().then(
      () => {
        this.flushing = undefined;
      },
      (err: Error) => {
        this.flushError ??= err;
        this.flushing = undefined;
      },
    );
  }
}

/** What an ObjectFileWriter is told while bytes arrive. */
export interface WriterHints {
  /** See FlushingFile. */
  holdFlush: () => boolean;
  /**
   * The file of an object these bytes likely repeat: undefined while unknown,
   * null once known to be none. From then on they are compared with it, not
   * written, for as long as they match (see Original).
   */
  original?: () => string | null | undefined;
  /** Given every byte written, in order; bytes compared with the original are not (see PutHashing). */
  hashing?: PutHashing;
}

/**
 * Writes a stream into a new file (see FlushingFile), one write at a time:
 * what arrives meanwhile waits, up to WRITE_BYTES, and goes out in the next
 * write, so the stream flows on during a write and is held back only once
 * that much waits. Bytes that repeat the hinted original are compared
 * instead; at the first difference, the repeated part is copied from the
 * original and writing goes on.
 */
export class ObjectFileWriter extends Writable {
  private readonly file: FlushingFile;
  /** Whether the hint has named an original or none. */
  private decided: boolean;
  /** The original while the bytes after the written ones repeat it. */
  private original: Original | undefined;
  /** Bytes after the written ones that repeat the original (compared, not written). */
  private repeated = 0;

  /** `file` is the path `handle` has open, for direct writes (see FlushingFile). */
  constructor(
    private readonly handle: FileHandle,
    private readonly hints: WriterHints,
    file?: string,
  ) {
    super({ highWaterMark: WRITE_BYTES });
    this.file = new FlushingFile(handle, 0, hints.holdFlush, file);
    this.decided = !hints.original;
  }

  get size(): number {
    return this.file.size + this.repeated;
  }

  /**
   * Once the stream has finished: the original, when every byte repeated it
   * and nothing follows. Only the bytes written before comparing started are
   * in the file; the caller makes the object the original's bytes instead
   * (Original.linkAs).
   */
  get repeatOf(): Original | undefined {
    return this.original;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.take([chunk]).then(() => done(), done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    this.take(chunks.map((c) => c.chunk)).then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    const finish = async () => {
      if (this.original && this.original.size !== this.size) await this.stopComparing();
      await this.file.complete();
      await this.file.release();
    };
    finish().then(() => done(), done);
  }

  /** Resolves once no write or background flush is running (the handle may then be closed) and the original, if any, is closed. */
  async settled(): Promise<void> {
    await this.file.release();
    await this.original?.close();
    this.original = undefined;
  }

  private async take(buffers: Buffer[]): Promise<void> {
    if (!this.decided) await this.lookForOriginal();
    if (this.original) {
      if (await this.original.repeats(buffers, this.size)) {
        this.repeated += totalLength(buffers);
        return;
      }
      await this.stopComparing();
    }
    await this.store(buffers);
  }

  /** Writes `buffers` and hands them to the hashing, which works beside the write. */
  private async store(buffers: Buffer[]): Promise<void> {
    const hashing = this.hints.hashing && updateInOrder(this.hints.hashing, buffers);
    await Promise.all([hashing, this.file.write(buffers)]);
  }

  private async lookForOriginal(): Promise<void> {
    const file = this.hints.original!();
    if (file === undefined) return;
    this.decided = true;
    if (file === null) return;
    const original = await Original.open(file);
    if (!original) return;
    if (await original.startsAs(this.handle, this.file.size)) this.original = original;
    else await original.close();
  }

  /** The bytes stop repeating the original: its part they repeated is written, and writing goes on. */
  private async stopComparing(): Promise<void> {
    const original = this.original!;
    this.original = undefined;
    try {
      const from = this.file.size;
      await original.copy(from, from + this.repeated, async (piece) => {
        // The hashing may keep what it is given, and the original reuses its pieces.
        await this.store([Buffer.from(piece)]);
        this.repeated -= piece.length;
      });
    } finally {
      await original.close();
    }
  }
}

/**
 * Appends chunks to an open file from `position` on in writes of BATCH_BYTES.
 * Chunks are copied into batch buffers (so each chunk dies young instead of
 * waiting for its write, which cost more in garbage collection than the
 * copy); full batches are written one after the other while the next ones
 * fill, and the caller waits only once QUEUED_BATCHES wait for the disk, so
 * that a slow write does not stop the reading of the request at once. Once
 * the file is written around the page cache, chunks go straight to the
 * direct writes, which copy them into their stages. The file is flushed
 * progressively (see FlushingFile).
 */
export class BatchedFileWriter {
  private readonly file: FlushingFile;
  private batch: Buffer | undefined;
  private filled = 0;
  private allocated = 0;
  private readonly writes = new WriteQueue([], () => {
    if (this.allocated === QUEUED_BATCHES) return undefined;
    this.allocated += 1;
    return Buffer.allocUnsafe(BATCH_BYTES);
  });

  /** `file` is the path `handle` has open, for direct writes (see FlushingFile). */
  constructor(handle: FileHandle, position: number, file?: string) {
    this.file = new FlushingFile(handle, position, () => false, file);
  }

  async write(chunk: Buffer): Promise<void> {
    // Direct writes copy the chunk into their own stage: a batch would be a second copy. Earlier batches go first.
    if (this.file.isDirect) {
      if (this.filled > 0) this.send();
      await this.writes.drained();
      return this.file.write([chunk]);
    }
    for (let taken = 0; taken < chunk.length; ) {
      this.batch ??= await this.writes.take();
      const copied = chunk.copy(this.batch, this.filled, taken);
      taken += copied;
      this.filled += copied;
      if (this.filled === BATCH_BYTES) this.send();
    }
  }

  /**
   * Writes every chunk taken so far and waits for the background flush; the
   * file is then ready for its fsync. Writes taken once it resolves may go on
   * beside that fsync: they are no part of what it covers.
   */
  async drain(): Promise<void> {
    if (this.filled > 0) this.send();
    await this.writes.drained();
    await this.file.complete();
  }

  /** Waits for the writes in flight, leaving what is pending unwritten, failures aside: the handle may then be closed. */
  async stop(): Promise<void> {
    this.batch = undefined;
    this.filled = 0;
    await this.writes.stopped();
    await this.file.release();
  }

  private send(): void {
    const buffer = this.batch!;
    const full = buffer.subarray(0, this.filled);
    this.batch = undefined;
    this.filled = 0;
    this.writes.send(buffer, () => this.file.write([full]));
  }
}
