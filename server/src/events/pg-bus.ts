import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../domain/context.js';
import type { BusHandler, BusMessage, EventBus } from './bus.js';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

/**
 * The channel of an installation. NOTIFY channels span the whole database
 * while an installation is one schema: each schema gets its own channel, so
 * installations sharing a database never hear one another's events. (A hash
 * keeps the name within PostgreSQL's 63-byte identifiers.)
 */
function channelOf(schema: string): string {
  return `vault_events_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/**
 * Every instance of an installation LISTENs on its channel and publishes with
 * pg_notify, so a websocket on any instance receives events from all of them.
 * An instance hears its own notifications too: delivery happens only on that
 * path, never twice. Delivery is best effort; a lost listener connection is
 * re-opened.
 */
export function createPgBus(pool: pg.Pool, log: Logger, schema = 'public'): EventBus {
  const channel = channelOf(schema);
  const handlers = new Set<BusHandler>();
  let listener: pg.PoolClient | undefined;
  let closed = false;
  let ready: Promise<void>;

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed bus notification');
      return;
    }
    for (const handler of handlers) handler(message);
  };

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    client.on('notification', (n) => n.channel === channel && deliver(n.payload));
    client.on('error', (err) => {
      log.warn({ err }, 'event bus connection lost; reconnecting');
      client.release(err);
      if (listener === client) listener = undefined;
      if (!closed) setTimeout(() => void (ready = connect().catch(retry)), RECONNECT_MS).unref();
    });
    await client.query(`LISTEN ${channel}`);
    listener = client;
  };
  const retry = (err: unknown) => {
    log.error({ err }, 'event bus could not listen; retrying');
    if (!closed) setTimeout(() => void (ready = connect().catch(retry)), RECONNECT_MS).unref();
  };
  ready = connect();

  return {
    async publish(message) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        log.warn({ type: message.event.type, recipients: message.audience.userIds.length }, 'event too large for NOTIFY; not delivered');
        return;
      }
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      closed = true;
      handlers.clear();
      await ready.catch(() => undefined);
      if (listener) {
        await listener.query(`UNLISTEN ${channel}`).catch(() => undefined);
        listener.release();
        listener = undefined;
      }
    },
  };
}
