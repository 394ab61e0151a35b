import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryCounterStore, type CounterStore } from '../src/http/counter-store.js';
import { createRedisCounterStore } from '../src/http/redis-counter-store.js';

const REDIS = process.env.TEST_REDIS_URL;
const redis = REDIS ? new Redis(REDIS) : undefined;
afterAll(() => redis?.quit());

/** In-process always; Redis too when TEST_REDIS_URL is set, under a prefix of its own. */
const STORES: [string, () => CounterStore][] = [
  ['memory', () => createMemoryCounterStore()],
  ...(redis ? [['redis', () => createRedisCounterStore(redis, `test:${randomBytes(6).toString('hex')}:`)] as [string, () => CounterStore]] : []),
];

describe.each(STORES)('rate-limit counters [%s]', (_name, create) => {
  it('counts in fixed windows and resets', async () => {
    const store = create();
    await store.increment('k', 60_000);
    const second = await store.increment('k', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(59_000);
    await store.reset('k');
    expect((await store.increment('k', 60_000)).count).toBe(1);
  });

  it('reserves on every counter or on none', async () => {
    const store = create();
    const limits = [
      { key: 'a', max: 5, windowMs: 60_000 },
      { key: 'b', max: 2, windowMs: 60_000 },
      { key: 'c', max: Infinity, windowMs: 60_000 },
    ];
    expect(await store.reserve(limits)).toEqual({ ok: true, counts: [1, 1, 1] });
    expect(await store.reserve(limits)).toEqual({ ok: true, counts: [2, 2, 2] });
    const refused = await store.reserve(limits);
    expect(refused).toMatchObject({ ok: false, refused: 1 });
    expect(refused.ok === false && refused.resetInMs).toBeGreaterThan(59_000);
    // Nothing was counted by the refusal: a has room for exactly three more.
    expect((await store.increment('a', 60_000)).count).toBe(3);
  });

  it('never lets concurrent reservations take more than the limit', async () => {
    const store = create();
    const results = await Promise.all(Array.from({ length: 50 }, () => store.reserve([{ key: 'k', max: 7, windowMs: 60_000 }])));
    expect(results.filter((r) => r.ok)).toHaveLength(7);
  });

  it('gives a reservation back, never below zero', async () => {
    const store = create();
    const limit = [{ key: 'k', max: 1, windowMs: 60_000 }];
    expect((await store.reserve(limit)).ok).toBe(true);
    expect((await store.reserve(limit)).ok).toBe(false);
    await store.release(['k']);
    await store.release(['k', 'never-counted']);
    expect(await store.reserve(limit)).toEqual({ ok: true, counts: [1] });
  });
});
