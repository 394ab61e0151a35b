import { createTopic, type AccessChange, type BusMessage, type EventBus } from './bus.js';

/** One process: publish reaches this process's subscribers only. */
export function createMemoryBus(): EventBus {
  const events = createTopic<BusMessage>();
  const access = createTopic<AccessChange>();
  return {
    async publish(message) {
      events.emit(message);
    },
    subscribe: events.subscribe,
    async publishAccessChange(change) {
      access.emit(change);
    },
    subscribeAccessChanges: access.subscribe,
    async close() {
      events.clear();
      access.clear();
    },
  };
}
