import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Audience } from '../../events/bus.js';

/** An authenticated socket and what it was authenticated as. */
export interface Connection {
  socket: WebSocket;
  /** The connection under the websocket: delivery corks it to send a turn's frames in one write. */
  transport: Duplex;
  userId: number;
  /** Reached as an admin (by everyone's events): passes the admin gate, as last checked; change it through setAdmin. */
  readonly isAdmin: boolean;
  sessionId: string;
  /** Epoch ms at which the token the socket presented expires. */
  tokenExpiresAt: number;
  /** Cleared at each ping, set again by the pong. */
  alive: boolean;
}

/** The authenticated sockets of this process, indexed for delivery. */
export interface ConnectionRegistry {
  /** False (and nothing registered) when the user already holds `maxPerUser` sockets. */
  add(connection: Connection): boolean;
  remove(connection: Connection): void;
  /** Everyone for a public change; otherwise the users named and (unless onlyNamed) every admin, each socket once. */
  reachedBy(audience: Audience): Iterable<Connection>;
  /** A role change: from now on the connection is reached as an admin, or no longer. */
  setAdmin(connection: Connection, isAdmin: boolean): void;
  ofUser(userId: number): Iterable<Connection>;
  all(): Iterable<Connection>;
  readonly size: number;
}

export function createConnectionRegistry(maxPerUser: number): ConnectionRegistry {
  const byUser = new Map<number, Set<Connection>>();
  const admins = new Set<Connection>();
  const everyone = new Set<Connection>();
  const mutable = (connection: Connection) => connection as { isAdmin: boolean };

  return {
    add(connection) {
      const own = byUser.get(connection.userId) ?? new Set<Connection>();
      if (own.size >= maxPerUser) return false;
      own.add(connection);
      byUser.set(connection.userId, own);
      everyone.add(connection);
      if (connection.isAdmin) admins.add(connection);
      return true;
    },
    remove(connection) {
      const own = byUser.get(connection.userId);
      own?.delete(connection);
      if (own?.size === 0) byUser.delete(connection.userId);
      everyone.delete(connection);
      admins.delete(connection);
    },
    reachedBy(audience) {
      if (audience.public) return everyone;
      const reached = new Set(audience.onlyNamed ? [] : admins);
      for (const userId of audience.userIds) {
        for (const connection of byUser.get(userId) ?? []) reached.add(connection);
      }
      return reached;
    },
    setAdmin(connection, isAdmin) {
      if (!everyone.has(connection)) return;
      mutable(connection).isAdmin = isAdmin;
      if (isAdmin) admins.add(connection);
      else admins.delete(connection);
    },
    ofUser: (userId) => byUser.get(userId) ?? [],
    all: () => everyone,
    get size() {
      return everyone.size;
    },
  };
}
