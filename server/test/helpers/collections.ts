import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';

/** Young collections asked for explicitly (V8 marks them forced) while `run` runs. */
export async function forcedYoungCollections(run: () => Promise<void>): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // A 'gc' entry's detail: what kind of collection, and why.
      const detail = (entry as PerformanceEntry & { detail: { kind: number; flags: number } }).detail;
      if (detail.kind === constants.NODE_PERFORMANCE_GC_MINOR && detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) count += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await run();
    // The entries are delivered after the collections, on a later turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    observer.disconnect();
  }
  return count;
}
