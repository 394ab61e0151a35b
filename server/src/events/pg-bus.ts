import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../logger.js';
import { allFulfilled, coalesce } from '../coalesce.js';
import { createTopic, type AccessChange, type BusMessage, type EventBus } from './bus.js';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

/** PostgreSQL identifiers, channel names included, hold at most 63 bytes. */
const MAX_CHANNEL = 63;

/**
 * Channels are global to the database: each schema (each installation) gets
 * its own, so that installations sharing a database never hear each other.
 * Quoted where they are listened to, they match pg_notify's names exactly.
 */
function channelName(kind: 'events' | 'access', schema: string): string {
  const name = `vault_${kind}_${schema}`;
  return name.length <= MAX_CHANNEL ? name : `vault_${kind}_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

function isAccessChange(value: unknown): value is AccessChange {
  return typeof value === 'object' && value !== null && Number.isSafeInteger((value as AccessChange).userId);
}

/**
 * Every instance LISTENs on its schema's two channels on one connection and
 * publishes with pg_notify, so a websocket on any instance receives events
 * from all of them, and events and access changes arrive everywhere in commit
 * order. An instance
 * hears its own notifications too: delivery happens only on that path, never
 * twice. Delivery is best effort; a lost listener connection is re-opened.
 */
export function createPgBus(pool: pg.Pool, schema: string, log: Logger): EventBus {
  const EVENTS = channelName('events', schema);
  const ACCESS = channelName('access', schema);
  const events = createTopic<BusMessage>();
  const access = createTopic<AccessChange>();
  let listener: pg.PoolClient | undefined;
  let closed = false;
  let ready: Promise<void>;

  const deliver = (channel: string, payload: string | undefined) => {
    if (!payload) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      message = undefined;
    }
    // Delivery checks each event against the contract; here only the kind of message is told apart.
    if (channel === EVENTS && typeof message === 'object' && message !== null) events.emit(message as BusMessage);
    else if (channel === ACCESS && isAccessChange(message)) access.emit(message);
    else log.warn({ channel, payload: payload.slice(0, 200) }, 'ignored a malformed bus notification');
  };

  const reconnectLater = () => {
    setTimeout(() => {
      if (!closed) ready = connect();
    }, RECONNECT_MS).unref();
  };
  /**
   * Opens the listening connection. Whatever fails (the connection, LISTEN,
   * the connection later) gives it up once, destroyed rather than handed back
   * to the pool, and a new one is opened a second later: one listener at a
   * time, however the failure is reported (a drop during LISTEN both fails
   * the query and raises an error).
   */
  const connect = async (): Promise<void> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      log.error({ err }, 'event bus could not connect; retrying');
      return reconnectLater();
    }
    let lost = false;
    const lose = (err: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = undefined;
      client.release(err);
      log.warn({ err }, 'event bus connection lost; reconnecting');
      reconnectLater();
    };
    client.on('notification', (n) => deliver(n.channel, n.payload));
    client.on('error', lose);
    try {
      await client.query(`LISTEN "${EVENTS}"; LISTEN "${ACCESS}"`);
    } catch (err) {
      return lose(err instanceof Error ? err : new Error(String(err)));
    }
    if (!lost) listener = client;
  };
  ready = connect();

  /**
   * Notifications published while others are being sent go together in the
   * next statement, in publish order (one round trip for a burst). Within it,
   * PostgreSQL sends two identical notifications once: they carry the same
   * change, which a client refetches once anyway.
   */
  const notify = coalesce<{ channel: string; payload: string }, void>(Infinity, async (batch) => {
    // Waits for the listener first: what this instance publishes reaches its own sockets too.
    await ready;
    // Named: each connection parses it once rather than with every burst.
    await pool.query({
      name: 'vault_notify',
      text: 'select pg_notify(n.channel, n.payload) from unnest($1::text[], $2::text[]) as n (channel, payload)',
      values: [batch.map((b) => b.channel), batch.map((b) => b.payload)],
    });
    return allFulfilled(batch.map(() => undefined));
  });

  return {
    async publish(message) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        log.warn({ type: message.event.type, recipients: message.audience.userIds.length }, 'event too large for NOTIFY; not delivered');
        return;
      }
      await notify({ channel: EVENTS, payload });
    },
    subscribe: events.subscribe,
    async publishAccessChange(change) {
      await notify({ channel: ACCESS, payload: JSON.stringify({ userId: change.userId }) });
    },
    subscribeAccessChanges: access.subscribe,
    async close() {
      closed = true;
      events.clear();
      access.clear();
      await ready.catch(() => undefined);
      if (listener) {
        await listener.query(`UNLISTEN "${EVENTS}"; UNLISTEN "${ACCESS}"`).catch(() => undefined);
        listener.release();
        listener = undefined;
      }
    },
  };
}
