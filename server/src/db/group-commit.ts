import { allFulfilled, coalesce } from '../coalesce.js';
import { writeUnsynced, type Db } from './index.js';
import type { Dialect } from './dialect.js';

/**
 * Small writes of concurrent requests, run together: those that arrive while
 * a transaction is committing share the next one, and `writeAll` writes all
 * of them at once (a statement for the lot, not one per write), so many cost
 * one commit and a few statements instead of their own, without waiting on a
 * timer. Each caller's promise settles once its write is committed, without
 * waiting for the disk (`writeUnsynced`): these are the counts and audit rows
 * of downloads, and a download need not wait for a sync of the disk before
 * its bytes go. A write that fails fails only itself: its batch is rolled
 * back and every write of it run again in a transaction of its own.
 */
export interface GroupCommit<I, R> {
  run(item: I): Promise<R>;
}

/** Writes per transaction at most, so that one commit never holds the database for long. */
const MAX_BATCH = 500;

/** `writeAll` answers each item's result, in the items' order. */
export function createGroupCommit<I, R>(db: Db, dialect: Dialect, writeAll: (trx: Db, items: I[]) => Promise<R[]>): GroupCommit<I, R> {
  const together = (items: I[]) => writeUnsynced(db, dialect, (trx) => writeAll(trx, items));
  const oneByOne = async (items: I[]): Promise<PromiseSettledResult<R>[]> => {
    const out: PromiseSettledResult<R>[] = [];
    for (const item of items) out.push((await Promise.allSettled([together([item]).then((results) => results[0]!)]))[0]!);
    return out;
  };
  return { run: coalesce<I, R>(MAX_BATCH, (items) => together(items).then(allFulfilled, () => oneByOne(items))) };
}
