import { RateLimited } from '../domain/errors.js';
import type { CounterStore } from './counter-store.js';

/**
 * Counts failed sign-in and registration attempts per IP and per username, and
 * refuses further attempts once either key reaches the limit in its window.
 */
export interface FailureLimiter {
  assertAllowed(keys: string[]): Promise<void>;
  recordFailure(keys: string[]): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function createFailureLimiter(store: CounterStore, limit: number, windowMs: number): FailureLimiter {
  return {
    async assertAllowed(keys) {
      for (const key of keys) {
        const { count, resetInMs } = await store.peek(`fail:${key}`);
        if (count >= limit) {
          const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
          throw new RateLimited(
            `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            Math.max(1, Math.ceil(resetInMs / 1000)),
          );
        }
      }
    },
    async recordFailure(keys) {
      await Promise.all(keys.map((key) => store.increment(`fail:${key}`, windowMs)));
    },
    async clear(keys) {
      await Promise.all(keys.map((key) => store.reset(`fail:${key}`)));
    },
  };
}
