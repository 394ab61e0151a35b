/**
 * One flush of a file for every caller that needs it: a caller that arrives
 * while a flush runs cannot tell whether that flush started before its own
 * write, so it waits for the next one, which it shares with everyone else who
 * arrived meanwhile. A burst of commits thus costs two flushes, not one each.
 */
export type SharedFlush = () => Promise<void>;

export function createSharedFlush(flush: () => Promise<void>): SharedFlush {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const start = (): Promise<void> => {
    const flushing = flush().finally(() => {
      if (running === flushing) running = undefined;
    });
    running = flushing;
    return flushing;
  };

  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
