/** Fixed-window counters: in-process by default, Redis when instances must share them. */
export interface CounterStore {
  /** Adds one and returns the count in the current window and the ms left in it. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  // Expired windows are dropped lazily and by this sweep, so memory stays bounded.
  const sweep = setInterval(() => {
    for (const key of windows.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    async increment(key, windowMs) {
      const w = live(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, resetInMs: w.resetAt - now() };
    },
    async peek(key) {
      const w = live(key);
      return { count: w?.count ?? 0, resetInMs: w ? w.resetAt - now() : 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
