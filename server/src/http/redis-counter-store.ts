import type { Redis } from 'ioredis';
import type { CounterStore } from './counter-store.js';

/**
 * KEYS: the counters; ARGV: max and window (ms) of each, in turn (max -1: no
 * limit). Returns {0, count...} when every counter had room and was counted,
 * else {index of the full counter (from 1), ms left in its window}.
 */
const RESERVE = `
for i = 1, #KEYS do
  local max = tonumber(ARGV[2 * i - 1])
  if max >= 0 and tonumber(redis.call('GET', KEYS[i]) or '0') >= max then
    return {i, redis.call('PTTL', KEYS[i])}
  end
end
local result = {0}
for i = 1, #KEYS do
  result[i + 1] = redis.call('INCR', KEYS[i])
  if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
end
return result
`;

/** Decrements each counter that is above zero; a window that ended is not resurrected. */
const RELEASE = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;

/** Fixed-window counters shared by every instance; reserve and release run as Lua scripts, atomically. */
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
    async reserve(limits) {
      const args = limits.flatMap((limit) => [Number.isFinite(limit.max) ? limit.max : -1, limit.windowMs]);
      const [status, ...rest] = (await redis.eval(RESERVE, limits.length, ...limits.map((l) => prefix + l.key), ...args)) as number[];
      if (status === 0) return { ok: true, counts: rest };
      return { ok: false, refused: status! - 1, resetInMs: Math.max(0, rest[0]!) };
    },
    async release(keys) {
      if (keys.length > 0) await redis.eval(RELEASE, keys.length, ...keys.map((key) => prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
