import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import { WriteQueue } from './write-queue.js';

/**
 * What direct I/O requires of a buffer's address, a write's length and its
 * file offset: the logical block size, 512 or 4096 bytes; the larger serves both.
 */
const ALIGN = 4096;

/**
 * Bytes gathered per direct write. A direct write waits for the disk, and
 * extending writes to one file are serialised by the file system, so each
 * should be large: `dd oflag=direct` wrote a GiB in 1.1 to 2.5 s with 1 MiB
 * blocks and in 0.9 to 1.7 s with 4 MiB ones.
 */
const STAGE_BYTES = 4 * 1024 * 1024;

/** Stages per file: one filling while the others are on their way to the disk. */
const STAGES_PER_FILE = 3;

/**
 * Stages per block of aligned memory, and the most stages allocated at once:
 * 48 MiB that direct I/O can take (four large uploads at once; files beyond
 * those go through the page cache as before).
 */
const STAGES_PER_BLOCK = 3;
const MAX_STAGES = 12;

const WASM_PAGE = 64 * 1024;

/** The part of WebAssembly's API used here; the server's type libraries (no DOM) do not declare it. */
declare const WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } };

/**
 * Aligned buffers for direct writes, taken from WebAssembly memories: their
 * memory starts on a page of its own, which no Buffer allocation promises.
 * A memory is never grown (growing would detach the buffers over it). Stages
 * given back are kept for the next file.
 */
class StagePool {
  private readonly free: Buffer[] = [];
  private allocated = 0;

  take(n: number): Buffer[] | undefined {
    while (this.free.length < n && this.allocated < MAX_STAGES) this.addBlock();
    return this.free.length >= n ? this.free.splice(0, n) : undefined;
  }

  give(stages: Buffer[]): void {
    this.free.push(...stages);
  }

  private addBlock(): void {
    const memory = new WebAssembly.Memory({ initial: (STAGES_PER_BLOCK * STAGE_BYTES) / WASM_PAGE });
    for (let i = 0; i < STAGES_PER_BLOCK; i++) this.free.push(Buffer.from(memory.buffer, i * STAGE_BYTES, STAGE_BYTES));
    this.allocated += STAGES_PER_BLOCK;
  }
}

const pool = new StagePool();

/** False once a file system refused direct I/O: later files do not ask again. */
let supported = true;

/** `file` opened for direct I/O with `flags`, or undefined when its file system has none (or it fails to open). */
async function openDirect(file: string, flags: number): Promise<FileHandle | undefined> {
  if (!supported) return undefined;
  try {
    return await fsp.open(file, flags | fs.constants.O_DIRECT);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EINVAL') supported = false;
    return undefined;
  }
}

/** The stage read from an aligned offset of a file: `got` bytes from `start`, once `ready` resolves. */
interface Window {
  stage: Buffer;
  start: number;
  got: number;
  ready: Promise<void>;
}

/**
 * Stages a reader takes when the pool has them: while one serves reads, the
 * disk reads the next three. With one read ahead (two stages), a 1 GiB
 * re-upload waited for the disk for half its time, and a direct read of 4 MiB
 * at a time ran at 1.2 GB/s here (`dd iflag=direct`); with three ahead, the
 * same re-uploads took 0.64 to 0.78 of a first upload's time against 0.71 to
 * 1.01 (medians of alternating runs).
 */
const READER_STAGES = 4;

/**
 * Reads of a file around the page cache (O_DIRECT), into stages: what
 * the kernel would otherwise copy into the page cache first (as much CPU as
 * writing it there) goes from the disk to a stage. Reads are expected in
 * order: while the first stage serves them, the next parts of the file are
 * read into the others, as the kernel's read-ahead would.
 */
export class DirectReader {
  /** Windows in file order, each starting where the one before it ends. */
  private windows: Window[] = [];

  private constructor(
    private readonly handle: FileHandle,
    /** Stages no window holds. */
    private readonly free: Buffer[],
  ) {}

  /** A reader of `file`, or undefined when direct reads cannot be had (no stages left, no direct I/O). */
  static async open(file: string): Promise<DirectReader | undefined> {
    const stages = pool.take(READER_STAGES) ?? pool.take(2);
    if (!stages) return undefined;
    const handle = await openDirect(file, fs.constants.O_RDONLY);
    if (handle) return new DirectReader(handle, stages);
    pool.give(stages);
    return undefined;
  }

  /**
   * Bytes from `position` on, at most `length`: fewer where the stage that
   * holds `position` ends (read on for the rest), none past the end of the
   * file. Valid until the next read.
   */
  async read(length: number, position: number): Promise<Buffer> {
    const covers = (w: Window | undefined) => w !== undefined && w.start <= position && position < w.start + STAGE_BYTES;
    while (this.windows.length > 0 && this.windows[0]!.start < position && !covers(this.windows[0])) {
      const passed = this.windows.shift()!;
      // Its stage is reused: the read into it, if the reads jumped past it, must have ended.
      await passed.ready.catch(() => undefined);
      this.free.push(passed.stage);
    }
    if (!covers(this.windows[0])) {
      // Not where the reads were going: nothing may still be reading into a stage that is reused.
      await this.settled();
      this.free.push(...this.windows.map((w) => w.stage));
      this.windows = [this.load(position - (position % ALIGN))];
    }
    const window = this.windows[0]!;
    await window.ready;
    // A full stage: the file may go on, so read ahead into every free stage.
    if (window.got === STAGE_BYTES) while (this.free.length > 0) this.windows.push(this.load(this.windows.at(-1)!.start + STAGE_BYTES));
    const from = position - window.start;
    return window.stage.subarray(from, Math.max(from, Math.min(window.got, from + length)));
  }

  async close(): Promise<void> {
    await this.settled();
    await this.handle.close().catch(() => undefined);
    pool.give([...this.free, ...this.windows.map((w) => w.stage)]);
  }

  private async settled(): Promise<void> {
    await Promise.all(this.windows.map((w) => w.ready.catch(() => undefined)));
  }

  /** Starts reading the stage's worth of the file from `start` into a free stage. */
  private load(start: number): Window {
    const window: Window = { stage: this.free.pop()!, start, got: 0, ready: Promise.resolve() };
    window.ready = (async () => {
      while (window.got < STAGE_BYTES) {
        const { bytesRead } = await this.handle.read(window.stage, window.got, STAGE_BYTES - window.got, start + window.got);
        window.got += bytesRead;
        // A read that ends before an aligned boundary has met the end of the file.
        if (bytesRead === 0 || window.got % ALIGN !== 0) break;
      }
    })();
    // A failure reaches whoever reads from this window, never left unhandled.
    window.ready.catch(() => undefined);
    return window;
  }
}

/** Writes `length` bytes of `buffer` at `position`, however many calls the file takes. */
async function writeAll(handle: FileHandle, buffer: Buffer, length: number, position: number): Promise<void> {
  for (let done = 0; done < length; ) {
    const { bytesWritten } = await handle.write(buffer, done, length - done, position + done);
    if (bytesWritten === 0) throw new Error('The disk accepted no bytes');
    done += bytesWritten;
  }
}

/**
 * Appends to a file around the page cache (O_DIRECT): the bytes go from
 * aligned stages to the disk, so the kernel does not copy them into the page
 * cache (on this kind of machine, 1 to 2.5 CPU-seconds per GiB written) nor
 * hold them dirty until the final fsync. Bytes are copied into stages of
 * STAGE_BYTES, each written whole while the next fills; what cannot be
 * aligned (the bytes up to the first aligned offset, the last partial block)
 * goes through the file's ordinary descriptor. The caller's fsync still makes
 * the file durable: a direct write leaves the disk's own cache and the file's
 * size to it.
 */
export class DirectWrites {
  private stage: Buffer | undefined;
  private filled = 0;
  private readonly writes: WriteQueue;
  private released = false;

  private constructor(
    private readonly direct: FileHandle,
    private readonly ordinary: FileHandle,
    private position: number,
    private readonly stages: Buffer[],
  ) {
    this.writes = new WriteQueue(stages);
  }

  /**
   * Direct writes to `file` (open as `ordinary`) from `position` on, or
   * undefined when they cannot be had: no stages left, or a file system
   * without direct I/O (then the writes stay as they were).
   */
  static async open(file: string, ordinary: FileHandle, position: number): Promise<DirectWrites | undefined> {
    const stages = pool.take(STAGES_PER_FILE);
    if (!stages) return undefined;
    const direct = await openDirect(file, fs.constants.O_WRONLY);
    if (direct) return new DirectWrites(direct, ordinary, position, stages);
    pool.give(stages);
    return undefined;
  }

  /** Takes `buffers` in order; resolves once they are copied, waiting only while every stage is on its way to the disk. */
  async write(buffers: Buffer[]): Promise<void> {
    for (const buffer of buffers) {
      let taken = 0;
      if (this.filled === 0 && this.position % ALIGN !== 0) {
        const lead = Math.min(buffer.length, ALIGN - (this.position % ALIGN));
        await this.writes.drained();
        await writeAll(this.ordinary, buffer, lead, this.position);
        this.position += lead;
        taken = lead;
      }
      while (taken < buffer.length) {
        this.stage ??= await this.writes.take();
        const copied = buffer.copy(this.stage, this.filled, taken);
        taken += copied;
        this.filled += copied;
        if (this.filled === STAGE_BYTES) this.send(STAGE_BYTES);
      }
    }
  }

  /** Writes everything taken so far: the aligned part directly, a last partial block through the ordinary descriptor. */
  async flush(): Promise<void> {
    const stage = this.stage;
    const filled = this.filled;
    const aligned = filled - (filled % ALIGN);
    if (aligned > 0) this.send(aligned);
    await this.writes.drained();
    if (stage && filled > aligned) {
      await writeAll(this.ordinary, stage.subarray(aligned), filled - aligned, this.position);
      this.position += filled - aligned;
    }
    if (aligned === 0 && stage) this.writes.giveBack(stage);
    this.stage = undefined;
    this.filled = 0;
  }

  /** Waits for the writes in flight (failures aside), then closes the direct descriptor and gives the stages back. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await this.writes.stopped();
    await this.direct.close().catch(() => undefined);
    pool.give(this.stages);
  }

  private send(length: number): void {
    const stage = this.stage!;
    const at = this.position;
    this.stage = undefined;
    this.filled = 0;
    this.position += length;
    this.writes.send(stage, () => writeAll(this.direct, stage, length, at));
  }
}
