import { describe, expect, it } from 'vitest';
import { WriteQueue } from './write-queue.js';

/** A write that ends when the test says. */
function heldWrite(): { write: () => Promise<void>; finish: () => void } {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { write: () => done, finish };
}

describe('WriteQueue', () => {
  it('after a drain, still waits for a write sent while it drained before handing that buffer out again', async () => {
    const queue = new WriteQueue([Buffer.alloc(4), Buffer.alloc(4)]);
    const early = heldWrite();
    const a = await queue.take();
    queue.send(a, early.write);
    const drained = queue.drained();
    const late = heldWrite();
    const b = await queue.take();
    queue.send(b, late.write);
    early.finish();
    await drained;
    expect(await queue.take()).toBe(a);
    let taken = false;
    const next = queue.take().then((buffer) => ((taken = true), buffer));
    await new Promise((resolve) => setImmediate(resolve));
    expect(taken).toBe(false);
    late.finish();
    expect(await next).toBe(b);
  });
});
