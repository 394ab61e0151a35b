import type { FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

const MIB = 1024 * 1024;

/**
 * Chunks that arrive while a write is in flight wait, up to this much, and go
 * out together in one writev. Measured side by side, larger buffers (256 KiB
 * to 8 MiB, for bigger writes) made whole uploads two to three times slower
 * on this disk, so the stream is held back early instead.
 */
const BUFFERED = 64 * 1024;

/**
 * Each time this much more has been written, the file is flushed in the
 * background (fdatasync, off the event loop), so the disk works while bytes
 * still arrive and the final fsync has little left to do.
 */
const FLUSH_EVERY = 32 * MIB;

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
 * Writes a stream into an open file in large batches, flushing it to disk
 * progressively. `holdFlush` is asked before each background flush: while it
 * says so, written bytes stay in the page cache (content that will likely be
 * dropped need not reach the disk). Does not make the file durable: the final
 * fsync is the caller's.
 */
export class ObjectFileWriter extends Writable {
  size = 0;
  private unflushed = 0;
  private flushing: Promise<void> | undefined;
  private flushError: Error | undefined;

  constructor(
    private readonly handle: FileHandle,
    private readonly holdFlush: () => boolean,
  ) {
    super({ highWaterMark: BUFFERED });
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.writeAll([chunk]).then(() => done(), done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    this.writeAll(chunks.map((c) => c.chunk)).then(() => done(), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.settled().then(() => done(this.flushError ?? null), done);
  }

  /** Resolves once no background flush is running (the handle may then be closed). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    if (this.flushError) throw this.flushError;
    for (let pending = buffers; pending.length > 0; ) {
      const { bytesWritten } = await this.handle.writev(pending);
      if (bytesWritten === 0) throw new Error('The disk accepted no bytes');
      this.size += bytesWritten;
      this.unflushed += bytesWritten;
      pending = after(pending, bytesWritten);
    }
    this.startFlush();
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
