import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import { DirectReader } from './direct-io.js';
import { openReadOnly } from './fd-source.js';

/** Bytes read at most per round trip to the thread pool when copying. */
const COPY_BYTES = 1024 * 1024;

/** Bytes already written that are checked against the original before comparing starts, at most; past this, it is not worth it. */
const MAX_CHECKED_START = 64 * COPY_BYTES;

const readAt = (fd: number, buffer: Buffer, length: number, position: number) =>
  new Promise<number>((resolve, reject) => fs.read(fd, buffer, 0, length, position, (err, n) => (err ? reject(err) : resolve(n))));

const closeFd = (fd: number) => new Promise<void>((resolve) => fs.close(fd, () => resolve()));

/** Reads exactly `length` bytes at `position` into `buffer`; false when the file ends first. */
async function readFully(read: (into: Buffer, length: number, position: number) => Promise<number>, buffer: Buffer, length: number, position: number): Promise<boolean> {
  for (let done = 0; done < length; ) {
    const n = await read(buffer.subarray(done), length - done, position + done);
    if (n === 0) return false;
    done += n;
  }
  return true;
}

/**
 * An existing object that a new object's bytes are expected to repeat (its
 * owner's content with the same beginning). While they do, the bytes are
 * compared with it instead of being written: reading a file the page cache
 * likely holds costs far less than writing a second copy into it, and a
 * repeat of every byte then becomes a second name of the same file. The
 * descriptor stays open until `close`, so its bytes can be read even if the
 * original is deleted meanwhile.
 */
export class Original {
  private buffer: Buffer = Buffer.alloc(0);

  private constructor(
    private readonly file: string,
    private readonly fd: number,
    readonly size: number,
    private readonly direct: DirectReader | undefined,
  ) {}

  /**
   * Opens the original at `file`, or resolves undefined when it cannot be
   * read. Its bytes are read around the page cache where they can be: a
   * large object was written that way, so the page cache holds little of it.
   */
  static async open(file: string): Promise<Original | undefined> {
    const fd = await openReadOnly(file).catch(() => undefined);
    if (fd === undefined) return undefined;
    let size: number;
    try {
      size = fs.fstatSync(fd).size;
    } catch {
      await closeFd(fd);
      return undefined;
    }
    return new Original(file, fd, size, await DirectReader.open(file));
  }

  /** Whether the first `length` bytes of `handle` (written before comparing started) are the original's. */
  async startsAs(handle: FileHandle, length: number): Promise<boolean> {
    if (length > MAX_CHECKED_START || length > this.size) return false;
    const written = Buffer.allocUnsafe(COPY_BYTES);
    const readWritten = (into: Buffer, n: number, position: number) => handle.read(into, 0, n, position).then((r) => r.bytesRead);
    for (let at = 0; at < length; at += COPY_BYTES) {
      const n = Math.min(COPY_BYTES, length - at);
      if (!(await readFully(readWritten, written, n, at)) || !(await this.read(n, at)) || !this.buffer.subarray(0, n).equals(written.subarray(0, n))) return false;
    }
    return true;
  }

  /**
   * Whether `buffers`, one after the other from `position` on, repeat the
   * original's bytes there. Read directly, they are compared with the
   * stages where the reads land, not with a copy of them (a second copy of
   * every byte of a re-upload, on the event loop); otherwise with one read
   * for all of them.
   */
  async repeats(buffers: Buffer[], position: number): Promise<boolean> {
    const length = buffers.reduce((n, b) => n + b.length, 0);
    if (position + length > this.size) return false;
    if (this.direct) return this.repeatsDirectly(this.direct, buffers, position, length);
    if (!(await this.read(length, position))) return false;
    let at = 0;
    for (const buf of buffers) {
      if (!buf.equals(this.buffer.subarray(at, at + buf.length))) return false;
      at += buf.length;
    }
    return true;
  }

  /** Hands the original's bytes [from, to) to `write`, in order, one piece at a time (each piece is reused once `write` resolves). */
  async copy(from: number, to: number, write: (piece: Buffer) => Promise<void>): Promise<void> {
    for (let at = from; at < to; ) {
      const n = Math.min(COPY_BYTES, to - at);
      if (!(await this.read(n, at))) throw new Error('The original object ended before its size');
      await write(this.buffer.subarray(0, n));
      at += n;
    }
  }

  /**
   * Makes `file` a second name of the original (a partial object there is
   * replaced). Objects are never modified once written, so the two can share
   * their bytes. When no link can be made (the original was deleted
   * meanwhile), its bytes are copied from the open descriptor instead.
   */
  async linkAs(file: string): Promise<void> {
    await fsp.rm(file, { force: true });
    try {
      await fsp.link(this.file, file);
    } catch {
      const handle = await fsp.open(file, 'wx', 0o600);
      try {
        await this.copy(0, this.size, async (piece) => void (await handle.write(piece, 0, piece.length)));
      } finally {
        await handle.close();
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all([closeFd(this.fd), this.direct?.close()]);
  }

  private async repeatsDirectly(direct: DirectReader, buffers: Buffer[], position: number, length: number): Promise<boolean> {
    const end = position + length;
    // The original's bytes [viewAt, viewAt + view.length), as the last read left them.
    let view: Buffer = Buffer.alloc(0);
    let viewAt = position;
    let at = position;
    for (const buf of buffers) {
      for (let done = 0; done < buf.length; ) {
        if (at === viewAt + view.length) {
          view = await direct.read(end - at, at);
          viewAt = at;
          if (view.length === 0) return false;
        }
        const n = Math.min(buf.length - done, viewAt + view.length - at);
        if (!buf.subarray(done, done + n).equals(view.subarray(at - viewAt, at - viewAt + n))) return false;
        done += n;
        at += n;
      }
    }
    return true;
  }

  /** Reads `length` bytes at `position` into the start of the reused buffer; false when the original ends first. */
  private read(length: number, position: number): Promise<boolean> {
    if (this.buffer.length < length) this.buffer = Buffer.allocUnsafeSlow(Math.max(length, COPY_BYTES));
    const direct = this.direct;
    const read = direct
      ? async (into: Buffer, n: number, at: number) => (await direct.read(n, at)).copy(into)
      : (into: Buffer, n: number, at: number) => readAt(this.fd, into, n, at);
    return readFully(read, this.buffer, length, position);
  }
}
