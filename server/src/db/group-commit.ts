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

interface Pending {
  write: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Writes per transaction at most, so that one commit never holds the database for long. */
const MAX_BATCH = 500;

export function createGroupCommit(db: Db, dialect: Dialect): GroupCommit {
  const queue: Pending[] = [];
  let draining = false;

  const alone = async (p: Pending) => {
    try {
      p.resolve(await writeUnsynced(db, dialect, p.write));
    } catch (err) {
      p.reject(err);
    }
  };

  const drain = async () => {
    draining = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      let results: unknown[];
      try {
        results = await writeUnsynced(db, dialect, async (trx) => {
          const out: unknown[] = [];
          for (const p of batch) out.push(await p.write(trx));
          return out;
        });
      } catch {
        for (const p of batch) await alone(p);
        continue;
      }
      batch.forEach((p, i) => p.resolve(results[i]));
    }
    draining = false;
  };

  return {
    run<T>(write: (trx: Db) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) void drain();
      });
    },
  };
}
