/**
 * Buffers on their way to the disk, written one after the other in the order
 * they were sent, while the caller fills the next: a buffer is free again once
 * its write is done, and a caller that needs one while none is free waits for
 * the oldest write. Once a write failed, every later one fails too, and the
 * failure is thrown to whoever waits next.
 */
export class WriteQueue {
  private readonly free: Buffer[];
  /** One per buffer on its way to the disk, in order; each settles once its buffer is free again. */
  private queued: Promise<void>[] = [];
  /** The last write queued. */
  private last: Promise<void> = Promise.resolve();

  /** `buffers` are free from the start; `more` may add one when none is free (undefined: wait for a write instead). */
  constructor(
    buffers: Buffer[],
    private readonly more: () => Buffer | undefined = () => undefined,
  ) {
    this.free = [...buffers];
  }

  /** A free buffer, once there is one. */
  async take(): Promise<Buffer> {
    if (this.free.length === 0) {
      const added = this.more();
      if (added) return added;
    }
    while (this.free.length === 0) await this.queued.shift();
    return this.free.pop()!;
  }

  /** A buffer taken and not sent, free again. */
  giveBack(buffer: Buffer): void {
    this.free.push(buffer);
  }

  /** Queues `write` of `buffer` after every write sent before; the buffer is free again once it is done. */
  send(buffer: Buffer, write: () => Promise<void>): void {
    const written = this.last.then(write).then(() => void this.free.push(buffer));
    written.catch(() => undefined);
    this.last = written;
    this.queued.push(written);
  }

  /**
   * Resolves once every write sent so far is done; rejects if one failed.
   * Those writes are forgotten, not any sent meanwhile, which `take` may still need to wait for.
   */
  async drained(): Promise<void> {
    const last = this.last;
    await last;
    // In send order, and `take` only removes the oldest: the writes up to `last` are those still listed before it.
    this.queued.splice(0, this.queued.indexOf(last) + 1);
  }

  /** Resolves once every write sent has settled, failures aside. */
  async stopped(): Promise<void> {
    await this.last.catch(() => undefined);
  }
}
