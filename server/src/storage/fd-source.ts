import fs from 'node:fs';
import { finished, type Writable } from 'node:stream';
import type { ByteRange, ObjectSource } from './object-store.js';

/** A plain descriptor opened for reading (a FileHandle's reads cost a promise each). */
export const openReadOnly = (file: string) => new Promise<number>((resolve, reject) => fs.open(file, 'r', (err, fd) => (err ? reject(err) : resolve(fd))));

/**
 * Read buffers shared by every download of the process. A buffer goes back
 * only from the write callback of the chunk it held, so no byte is overwritten
 * before the socket is done with it; one whose write failed is left to the
 * garbage collector instead. Why reuse at all: a new buffer per read is
 * memory outside V8's heap, and every 64 MiB of it read makes V8 mark the whole
 * heap, which cost a download most of its CPU.
 */
export class BufferPool {
  private readonly idle: Buffer[] = [];
  /** Buffers taken and neither given back nor dropped: reads or writes under way. */
  lent = 0;

  constructor(
    readonly size: number,
    private readonly kept: number,
  ) {}

  take(): Buffer {
    this.lent++;
    return this.idle.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  give(buffer: Buffer): void {
    this.lent--;
    if (this.idle.length < this.kept) this.idle.push(buffer);
  }

  drop(): void {
    this.lent--;
  }
}

/**
 * Reads of 1 MiB: each read is a round trip through libuv's thread pool and
 * a wake-up of the event loop, and on a virtual machine those cost more than
 * the bytes; 1 MiB reads took half the CPU per GiB of 256 KiB ones.
 */
const READ_SIZE = 1024 * 1024;
/** Buffers one download may have in flight: one read while the socket takes the other. */
export const DEPTH = 2;
/** 8 buffers (8 MiB) stay for the next large downloads; more in use at once are allocated and let go. */
const largePool = new BufferPool(READ_SIZE, 8);
/**
 * Ranges this small are read at once into buffers of their own pool, so the
 * many small downloads of a busy server neither hold nor allocate 1 MiB each.
 */
const SMALL_READ = 256 * 1024;
const smallPool = new BufferPool(SMALL_READ, 16);

/** Buffers of every download taken and not yet given back or dropped: reads or writes under way. */
export const lentBuffers = () => largePool.lent + smallPool.lent;

const poolFor = (range: ByteRange) => (range.end - range.start + 1 <= SMALL_READ ? smallPool : largePool);

/**
 * Sends `range` of the open file `fd` (closed when done, or by close()) with
 * one read at a time and at most DEPTH chunks waiting on the socket: the
 * socket's pace holds the reads back.
 */
export function fdSource(fd: number, range: ByteRange, pool: BufferPool = poolFor(range)): ObjectSource {
  let open = true;
  const closeFd = () => {
    if (!open) return;
    open = false;
    fs.close(fd, () => undefined);
  };

  return {
    close: closeFd,
    pipeTo(destination: Writable) {
      return new Promise<void>((resolve, reject) => {
        let position = range.start;
        let reading = false;
        /** Buffers written and not yet called back. */
        const inFlight = new Set<Buffer>();
        let settled = false;

        const settle = (err?: Error) => {
          if (settled) return;
          settled = true;
          // A read under way closes it when it returns: a descriptor closed under a read could be reused by then.
          if (!reading) closeFd();
          if (err) {
            // A closed response may never call back the writes it still held: their buffers are let go
            // now (never reused, so nothing can overwrite bytes it might still send).
            inFlight.forEach(() => pool.drop());
            inFlight.clear();
            // Without the error: the caller has it, and a destination without a listener would throw it.
            destination.destroy();
            reject(err);
          } else {
            stopWatching();
            resolve();
          }
        };
        const stopWatching = finished(destination, (err) => settle(err ?? undefined));

        const next = () => {
          if (settled || reading || inFlight.size === DEPTH) return;
          if (position > range.end) {
            closeFd();
            // After the last write: 'finish' (and so settle) follows once every chunk is out.
            if (!destination.writableEnded) destination.end();
            return;
          }
          reading = true;
          const buffer = pool.take();
          const want = Math.min(buffer.length, range.end - position + 1);
          fs.read(fd, buffer, 0, want, position, (err, n) => {
            reading = false;
            if (err || n === 0 || settled) {
              pool.give(buffer);
              if (settled) return closeFd();
              return settle(err ?? (n === 0 ? new Error(`Object ended at byte ${position}, before ${range.end + 1}`) : undefined));
            }
            position += n;
            inFlight.add(buffer);
            destination.write(buffer.subarray(0, n), (writeErr) => {
              if (!inFlight.delete(buffer)) return;
              if (writeErr) pool.drop();
              else pool.give(buffer);
              next();
            });
            next();
          });
        };
        next();
      });
    },
  };
}
