import type { IncomingMessage } from 'node:http';
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { YOUNG_EVERY } from './body-memory.js';
import { watchBody } from './body-watch.js';

/** Young collections asked for explicitly (V8 marks them forced), as seen while `run` runs. */
async function forcedYoungCollections(run: () => Promise<void>): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A 'gc' entry's detail: what kind of collection, and why.
      const detail = (entry as PerformanceEntry & { detail: { kind: number; flags: number } }).detail;
      if (detail.kind === constants.NODE_PERFORMANCE_GC_MINOR && detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) count += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  await run();
  // The entries are delivered after the collections, on a later turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return count;
}

describe('watchBody', () => {
  it('has the young generation collected as a large body is read, so that its buffers go without full collections', async () => {
    const body = Object.assign(new PassThrough(), { complete: false });
    const stop = watchBody(body as unknown as IncomingMessage, 60_000, () => undefined, () => undefined);
    const chunk = Buffer.alloc(64 * 1024);
    const collections = await forcedYoungCollections(async () => {
      for (let read = 0; read < 3 * YOUNG_EVERY; read += chunk.length) {
        body.write(chunk);
        await new Promise((resolve) => setImmediate(resolve));
      }
      body.end();
    });
    stop();
    expect(collections).toBeGreaterThanOrEqual(2);
  });
});
