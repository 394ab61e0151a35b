import { describe, expect, it } from 'vitest';
import { allFulfilled, coalesce } from './coalesce.js';

describe('coalesce', () => {
  it('runs a lone call at once, and calls made meanwhile together in the next batch, in order and at most max', async () => {
    const batches: number[][] = [];
    let release = () => {};
    const call = coalesce<number, string>(3, async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return allFulfilled(items.map((i) => `#${i}`));
    });
    const first = call(0);
    const rest = [1, 2, 3, 4, 5].map(call);
    expect(batches).toEqual([[0]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['#0', '#1', '#2', '#3', '#4', '#5']);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5]]);
  });

  it('fails only the items its run says failed, and the whole batch when the run throws', async () => {
    let throws = false;
    const call = coalesce<number, number>(10, async (items) => {
      if (throws) throw new Error('down');
      return items.map((i) => (i % 2 === 0 ? { status: 'fulfilled', value: i } : { status: 'rejected', reason: new Error(`odd ${i}`) }));
    });
    expect(await Promise.allSettled([call(2), call(3)])).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('odd 3') },
    ]);
    throws = true;
    await expect(call(4)).rejects.toThrow('down');
    throws = false;
    expect(await call(6)).toBe(6);
  });
});
