import { WebSocket } from 'ws';
import { realtimeEventSchema } from '@vault/contract';
import type { Logger } from '../../logger.js';
import type { EventBus } from '../../events/bus.js';
import type { Connection, ConnectionRegistry } from './registry.js';
import type { Sequencer } from './sequencer.js';

/** A client this far behind is not reading: drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

function send(connection: Connection, payload: Buffer): void {
  const { socket } = connection;
  if (socket.readyState !== WebSocket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(payload, { binary: false });
}

/**
 * Forwards every bus message to the sockets its audience reaches, through
 * `inOrder`, so that it waits for the re-authentications of access changes
 * published before it. Knows the bus only by its interface, so a
 * multi-instance bus replaces the in-process one without touching delivery.
 * Returns the unsubscribe function.
 */
export function startDelivery(bus: EventBus, registry: ConnectionRegistry, log: Logger, inOrder: Sequencer): () => void {
  return bus.subscribe(({ event, audience }) => void inOrder(() => {
    // Only the contract's fields (ids, counts, time) ever reach a client, whatever a publisher added.
    const parsed = realtimeEventSchema.safeParse(event);
    if (!parsed.success) {
      log.error({ type: event.type }, 'realtime event does not match the contract; not delivered');
      return;
    }
    // Encoded once for every socket it goes to; sent as text, as a string would be.
    const payload = Buffer.from(JSON.stringify(parsed.data));
    for (const connection of registry.reachedBy(audience)) {
      try {
        send(connection, payload);
      } catch (err) {
        // One broken socket must not stop delivery to the others, nor fail the publisher.
        log.warn({ err }, 'realtime delivery failed');
      }
    }
  }));
}
