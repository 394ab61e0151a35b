import type { Redis } from 'ioredis';
import type { CounterStore } from './counter-store.js';

/** Fixed-window counters shared by every instance. */
export function createRedisCounterStore(redis: Redis, prefix = 'vault:'): CounterStore {
  return {
    async increment(key, windowMs) {
      const k = prefix + key;
      const [[, count], , [, ttl]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec()) as [
        [Error | null, number],
        [Error | null, number],
        [Error | null, number],
      ];
      return { count, resetInMs: Math.max(0, ttl) };
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[Error | null, string | null], [Error | null, number]];
      return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
