import { allFulfilled, coalesce } from '../coalesce.js';
import { writeUnsynced, type Db } from './index.js';
import type { Dialect } from './dialect.js';

/**
 * Small writes of concurrent requests, run together: those that arrive while
 * a transaction is committing share the next one, so many cost one commit
 * instead of one each, without waiting on a timer. Each caller's promise
 * settles once its write is committed, without waiting for the disk
 * (`writeUnsynced`): these are the counts and audit rows of downloads, and a
 * download need not wait for a sync of the disk before its bytes go. A write
 * that throws fails only itself: its batch is rolled back and every write of
 * it run again in a transaction of its own.
 */
export interface GroupCommit {
  run<T>(write: (trx: Db) => Promise<T>): Promise<T>;
}

/** Writes per transaction at most, so that one commit never holds the database for long. */
const MAX_BATCH = 500;

type Write = (trx: Db) => Promise<unknown>;

export function createGroupCommit(db: Db, dialect: Dialect): GroupCommit {
  const together = async (writes: Write[]): Promise<unknown[]> =>
    writeUnsynced(db, dialect, async (trx) => {
      const out: unknown[] = [];
      for (const write of writes) out.push(await write(trx));
      return out;
    });
  const oneByOne = async (writes: Write[]): Promise<PromiseSettledResult<unknown>[]> => {
    const out: PromiseSettledResult<unknown>[] = [];
    for (const write of writes) out.push((await Promise.allSettled([writeUnsynced(db, dialect, write)]))[0]!);
    return out;
  };
  const run = coalesce<Write, unknown>(MAX_BATCH, (writes) => together(writes).then(allFulfilled, () => oneByOne(writes)));
  return { run: <T>(write: (trx: Db) => Promise<T>) => run(write) as Promise<T> };
}
