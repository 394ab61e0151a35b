import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import { realtimeEventSchema } from '@vault/contract';
import type { Logger } from '../../logger.js';
import type { EventBus } from '../../events/bus.js';
import type { Connection, ConnectionRegistry } from './registry.js';
import type { Sequencer } from './sequencer.js';

/** A client this far behind is not reading: drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Holds each connection's frames until the current turn of the event loop has
 * done its I/O, then sends them in one write: a public change reaches every
 * socket, and a system call per socket and event was most of what delivery
 * cost. Returns the function that holds a connection (from its first frame
 * of the turn on).
 */
function frameBatcher(): (transport: Duplex) => void {
  const held = new Set<Duplex>();
  const release = () => {
    for (const transport of held) transport.uncork();
    held.clear();
  };
  return (transport) => {
    if (held.has(transport)) return;
    if (held.size === 0) setImmediate(release);
    transport.cork();
    held.add(transport);
  };
}

function send(connection: Connection, payload: Buffer, hold: (transport: Duplex) => void): void {
  const { socket } = connection;
  if (socket.readyState !== WebSocket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  hold(connection.transport);
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
  const hold = frameBatcher();
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
        send(connection, payload, hold);
      } catch (err) {
        // One broken socket must not stop delivery to the others, nor fail the publisher.
        log.warn({ err }, 'realtime delivery failed');
      }
    }
  }));
}
