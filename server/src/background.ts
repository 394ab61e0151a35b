import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './domain/context.js';

type Task = { what: string; run: () => Promise<void> };

/**
 * Work that must not show in the time a response takes: it runs one task at
 * a time, after the response of the request that asked for it has been sent
 * (outside a request, on the next turn of the event loop). A task that fails
 * is logged and left to the maintenance pass, which redoes everything queued
 * here.
 */
export interface Background {
  defer(what: string, task: () => Promise<void>): void;
  /**
   * A request's scope: whatever `run` defers waits until `release` (called
   * once the response has been sent, or the connection has gone).
   */
  scope(): BackgroundScope;
  /** Resolves once every task deferred so far, held ones included, has run. */
  idle(): Promise<void>;
}

export interface BackgroundScope {
  run<T>(fn: () => T): T;
  release(): void;
}

export function createBackground(log: Logger): Background {
  const current = new AsyncLocalStorage<{ held: Task[]; released: boolean }>();
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
    // Never inline: the caller's answer leaves first.
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

  return {
    defer(what, run) {
      outstanding += 1;
      const scope = current.getStore();
      if (scope && !scope.released) scope.held.push({ what, run });
      else enqueue([{ what, run }]);
    },
    scope() {
      const scope = { held: [] as Task[], released: false };
      return {
        run: (fn) => current.run(scope, fn),
        release() {
          if (scope.released) return;
          scope.released = true;
          enqueue(scope.held.splice(0));
        },
      };
    },
    idle() {
      if (outstanding === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
