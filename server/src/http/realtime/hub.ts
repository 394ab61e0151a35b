import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import { WS_POLICY_VIOLATION } from '@vault/contract';
import type { Actor, DomainContext } from '../../domain/shared/context.js';
import { openSessions } from '../../domain/accounts/sessions.js';
import { startDelivery } from './delivery.js';
import { startHeartbeat } from './heartbeat.js';
import { createConnectionRegistry, type Connection } from './registry.js';
import { createSequencer } from './sequencer.js';

const SHUTDOWN_CLOSE_GRACE_MS = 1_000;
/** setTimeout's ceiling (about 24.8 days); longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RealtimeHub {
  /**
   * Starts delivering to an authenticated socket over `transport` (its request's socket), once its
   * session is read again in order with access changes; false when it was closed (the user has too
   * many, or the session ended meanwhile).
   */
  admit(socket: WebSocket, transport: Duplex, actor: Actor): Promise<boolean>;
  /** Closes the sockets of a session that just ended here (logout). Other instances notice at their next heartbeat. */
  endSession(sessionId: string): void;
  /** Stops delivery and heartbeat and closes these sockets, forcing those that do not answer. */
  close(sockets: Iterable<WebSocket>): Promise<void>;
}

export function refuse(socket: WebSocket, reason: string): void {
  socket.close(WS_POLICY_VIOLATION, reason);
}

/** Runs `fn` at epoch ms `time`, however far away; returns the cancel function. */
function runAt(time: number, fn: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = time - Date.now();
    timer = setTimeout(wait > MAX_TIMER_MS ? arm : fn, Math.min(Math.max(wait, 0), MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

function closeAll(sockets: WebSocket[]): Promise<void> {
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(1001, 'Server shutting down');
      }),
  );
  const deadline = setTimeout(() => sockets.forEach((socket) => socket.terminate()), SHUTDOWN_CLOSE_GRACE_MS);
  return Promise.all(closed).then(() => clearTimeout(deadline));
}

/** The sockets of this process, their heartbeat and expiry, and delivery of bus events to them. */
export interface HubOptions {
  heartbeatMs: number;
  /** A tab holds one socket; WS_MAX_SOCKETS_PER_USER (20) covers many tabs and devices and stops a flood. */
  maxSocketsPerUser: number;
}

export function createRealtimeHub(ctx: DomainContext, { heartbeatMs, maxSocketsPerUser }: HubOptions): RealtimeHub {
  const registry = createConnectionRegistry(maxSocketsPerUser);
  const inOrder = createSequencer(ctx.log);
  const stopDelivery = startDelivery(ctx.events, registry, ctx.log, inOrder);

  /**
   * Re-authenticates sockets against the database: those whose session no
   * longer holds are closed, the others take their user's current access.
   */
  async function reauthenticate(connections: Connection[]): Promise<void> {
    const open = await openSessions(ctx, [...new Set(connections.map((c) => c.sessionId))]);
    for (const connection of connections) {
      const access = open.get(connection.sessionId);
      if (!access || access.userId !== connection.userId) refuse(connection.socket, 'Session has ended');
      else if (access.isAdmin !== connection.isAdmin) registry.setAdmin(connection, access.isAdmin);
    }
  }

  // A user's access changed somewhere: their sockets here are judged again before any later event reaches them.
  const stopAccess = ctx.events.subscribeAccessChanges(({ userId }) => {
    void inOrder(async () => {
      const connections = [...registry.ofUser(userId)];
      if (connections.length === 0) return;
      try {
        await reauthenticate(connections);
      } catch (err) {
        // Unable to tell what they may receive now: they reconnect and authenticate afresh.
        ctx.log.warn({ err, userId }, 'could not re-authenticate sockets after an access change; closing them');
        for (const connection of connections) refuse(connection.socket, 'Access has changed');
      }
    });
  });

  // Every heartbeat re-checks every socket too: it catches what a lost notification missed.
  const stopHeartbeat = startHeartbeat(registry, heartbeatMs, (connections) => inOrder(() => reauthenticate(connections)), ctx.log);

  return {
    async admit(socket, transport, actor) {
      let admitted = false;
      let failure: unknown;
      await inOrder(async () => {
        if (socket.readyState !== WebSocket.OPEN) return;
        const connection: Connection = {
          socket,
          transport,
          userId: actor.id,
          isAdmin: actor.isAdmin,
          sessionId: actor.sessionId,
          tokenExpiresAt: actor.tokenExpiresAt,
          alive: true,
        };
        if (!registry.add(connection)) return refuse(socket, 'Too many connections');
        const cancelExpiry = runAt(actor.tokenExpiresAt, () => refuse(socket, 'Token expired'));
        socket.on('pong', () => {
          connection.alive = true;
        });
        socket.once('close', () => {
          cancelExpiry();
          registry.remove(connection);
        });
        // Judged again in the order of access changes and events: a logout or a change of role made
        // while the socket signed in found no connection here, and no later event meets the old role.
        try {
          await reauthenticate([connection]);
          admitted = socket.readyState === WebSocket.OPEN;
        } catch (err) {
          failure = err;
        }
      });
      if (failure !== undefined) throw failure;
      return admitted;
    },
    endSession(sessionId) {
      for (const connection of registry.all()) {
        if (connection.sessionId === sessionId) refuse(connection.socket, 'Session has ended');
      }
    },
    async close(sockets) {
      stopHeartbeat();
      stopAccess();
      stopDelivery();
      await closeAll([...sockets]);
    },
  };
}
