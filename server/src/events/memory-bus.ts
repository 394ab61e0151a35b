import type { BusHandler, BusMessage, EventBus } from './bus.js';

/** One process: publish reaches this process's subscribers only. */
export function createMemoryBus(): EventBus {
  const handlers = new Set<BusHandler>();
  return {
    async publish(message: BusMessage) {
      for (const handler of handlers) handler(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
