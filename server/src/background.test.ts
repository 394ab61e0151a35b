import { describe, expect, it } from 'vitest';
import { createBackground, createBatches } from './background.js';
import type { Logger } from './logger.js';

const silent = { warn: () => undefined } as unknown as Logger;

describe('createBatches', () => {
  it('hands what is added while a batch runs to the next one, each item once and at most max at a time', async () => {
    const runs: number[][] = [];
    let release = () => {};
    let started = () => {};
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const batches = createBatches<number>(createBackground(silent), 'test', 3, async (items) => {
      runs.push(items);
      if (runs.length > 1) return;
      started();
      await firstHeld;
    });
    batches.add([1]);
    await firstStarted;
    batches.add([2, 3]);
    batches.add([3, 4, 5, 2]);
    release();
    await batches.idle();
    expect(runs).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('is idle at once when nothing was added', async () => {
    await createBatches<number>(createBackground(silent), 'test', 3, async () => undefined).idle();
  });
});
