import type { Logger } from 'pino';

/** A counter with at most `max` counts per fixed window of `windowMs`; Infinity only counts. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

export type Reservation =
  | { ok: true; counts: number[] }
  /** `refused` is the index of the first limit that was full; `resetInMs` is when its window ends. */
  | { ok: false; refused: number; resetInMs: number };

/** Fixed-window counters: in-process by default, Redis when instances must share them. */
export interface CounterStore {
  /** Adds one and returns the count in the current window and the ms left in it. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /**
   * All or nothing, atomically: when every counter is below its max, adds one to
   * each and returns the new counts; otherwise changes none. Concurrent callers
   * can therefore never take more than `max` between them.
   */
  reserve(limits: Limit[]): Promise<Reservation>;
  /** Takes one back from each counter that still has any (a reservation that did not count after all). */
  release(keys: string[]): Promise<void>;
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
  const add = (key: string, windowMs: number) => {
    const w = live(key) ?? { count: 0, resetAt: now() + windowMs };
    w.count += 1;
    windows.set(key, w);
    return { count: w.count, resetInMs: w.resetAt - now() };
  };
  // Expired windows are dropped lazily and by this sweep, so memory stays bounded.
  const sweep = setInterval(() => {
    for (const key of windows.keys()) live(key);
  }, 60_000);
  sweep.unref();
  // Each method runs to completion without awaiting, which makes it atomic in this process.
  return {
    async increment(key, windowMs) {
      return add(key, windowMs);
    },
    async reserve(limits) {
      const current = limits.map((limit) => live(limit.key));
      const refused = limits.findIndex((limit, i) => (current[i]?.count ?? 0) >= limit.max);
      if (refused >= 0) return { ok: false, refused, resetInMs: current[refused]!.resetAt - now() };
      return { ok: true, counts: limits.map((limit) => add(limit.key, limit.windowMs).count) };
    },
    async release(keys) {
      for (const key of keys) {
        const w = live(key);
        if (w && w.count > 0) w.count -= 1;
      }
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * Shared counters (Redis) that fall back to this process's own while they do
 * not answer: an outage of the shared store then makes each instance count
 * alone, the limits still bounded, rather than failing every request (health
 * checks included). The change each way is logged once.
 */
export function withLocalFallback(shared: CounterStore, log: Pick<Logger, 'warn' | 'info'>): CounterStore {
  const local = createMemoryCounterStore();
  let failing = false;
  const either = async <T>(use: (store: CounterStore) => Promise<T>): Promise<T> => {
    try {
      const answer = await use(shared);
      if (failing) log.info('shared rate-limit counters answer again');
      failing = false;
      return answer;
    } catch (err) {
      if (!failing) log.warn({ err }, 'shared rate-limit counters do not answer: counting in this process until they do');
      failing = true;
      return use(local);
    }
  };
  return {
    increment: (key, windowMs) => either((store) => store.increment(key, windowMs)),
    reserve: (limits) => either((store) => store.reserve(limits)),
    release: (keys) => either((store) => store.release(keys)),
    reset: (key) => either((store) => store.reset(key)),
  };
}
