import type { Logger } from '../../logger.js';

/** Runs a task after every task given before it has finished; resolves when it has run (failures are logged). */
export type Sequencer = (task: () => void | Promise<void>) => Promise<void>;

/**
 * One queue for everything that reads or changes what a socket may receive:
 * deliveries and re-authentications then happen in the order the bus and the
 * heartbeat produced them, and the answer of an older check never overrides
 * that of a newer one. A failing task is logged; the next one runs regardless.
 */
export function createSequencer(log: Logger): Sequencer {
  let tail: Promise<void> = Promise.resolve();
  return (task) => (tail = tail.then(task).catch((err: unknown) => log.warn({ err }, 'realtime task failed')));
}
