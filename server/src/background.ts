import type { Logger } from './logger.js';

type Task = { what: string; run: () => Promise<void> };

/**
 * Work that must not show in the time a response takes. Tasks run one at a
 * time, never inline: on the next turn of the event loop, or, deferred
 * through a request's `held()` view, once that request's response has been
 * sent. A task that fails is logged and left to the maintenance pass, which
 * redoes everything queued here.
 */
export interface Background {
  defer(what: string, task: () => Promise<void>): void;
  /** Resolves once every task deferred so far, held ones included, has run. */
  idle(): Promise<void>;
  /** A view for one request: what it defers waits until `release`. */
  held(): HeldBackground;
}

export interface HeldBackground extends Background {
  /** The response has been sent (or the connection has gone): let the work start. */
  release(): void;
}

export function createBackground(log: Logger): Background {
  const queue: Task[] = [];
  let outstanding = 0;
  let waiters: (() => void)[] = [];
  let draining = false;

  const settle = () => {
    outstanding -= 1;
    if (outstanding > 0) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  };

  const drain = async () => {
    draining = true;
    await new Promise((resolve) => setImmediate(resolve));
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await next.run();
      } catch (err) {
        log.warn({ err, task: next.what }, 'background task failed; maintenance will redo it');
      }
      settle();
    }
    draining = false;
  };

  const enqueue = (tasks: Task[]) => {
    queue.push(...tasks);
    if (!draining && queue.length > 0) void drain();
  };

  const background: Background = {
    defer(what, run) {
      outstanding += 1;
      enqueue([{ what, run }]);
    },
    idle() {
      if (outstanding === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    held() {
      const waiting: Task[] = [];
      let released = false;
      return {
        ...background,
        defer(what, run) {
          outstanding += 1;
          if (released) enqueue([{ what, run }]);
          else waiting.push({ what, run });
        },
        release() {
          if (released) return;
          released = true;
          enqueue(waiting.splice(0));
        },
      };
    },
  };
  return background;
}

/**
 * Items handled together by the tasks of a background queue: what is added
 * while a task waits or runs goes to the next one, each item once, at most
 * `max` to a task. Alone, an item is a batch of one; under load the batches
 * grow by themselves, and the cost that goes with each task (a transaction,
 * a round trip) is shared by all of its items.
 */
export interface Batches<T> {
  add(items: Iterable<T>): void;
  /** Resolves once every item added so far has been handled. */
  idle(): Promise<void>;
}

export function createBatches<T>(background: Background, what: string, max: number, run: (items: T[]) => Promise<void>): Batches<T> {
  const pending = new Set<T>();
  let queued = false;
  const schedule = () => {
    if (queued || pending.size === 0) return;
    queued = true;
    background.defer(what, async () => {
      queued = false;
      const items = [...pending].slice(0, max);
      for (const item of items) pending.delete(item);
      schedule();
      await run(items);
    });
  };
  return {
    add(items) {
      for (const item of items) pending.add(item);
      schedule();
    },
    idle: () => background.idle(),
  };
}
