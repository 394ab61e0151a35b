import type { Logger } from './domain/context.js';

/**
 * Work that must not hold up an answer: it runs after the caller's response
 * has been sent, one task at a time. A task that fails is logged and left to
 * the maintenance pass, which redoes everything queued here.
 */
export interface Background {
  defer(what: string, task: () => Promise<void>): void;
  /** Resolves once every task deferred so far, and any they defer, has run. */
  idle(): Promise<void>;
}

export function createBackground(log: Logger): Background {
  const queue: { what: string; task: () => Promise<void> }[] = [];
  let draining: Promise<void> | undefined;

  const drain = async () => {
    // Never inline: an HTTP response is written within the current turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await next.task();
      } catch (err) {
        log.warn({ err, task: next.what }, 'background task failed; maintenance will redo it');
      }
    }
    draining = undefined;
  };

  return {
    defer(what, task) {
      queue.push({ what, task });
      draining ??= drain();
    },
    async idle() {
      while (draining) await draining;
    },
  };
}
