import type { Logger } from '../../logger.js';
import type { Connection, ConnectionRegistry } from './registry.js';

/**
 * Every interval: drops sockets that did not answer the previous ping, pings
 * the rest, then runs `check` over them (one round at a time). Returns the stop function.
 */
export function startHeartbeat(
  registry: ConnectionRegistry,
  intervalMs: number,
  check: (connections: Connection[]) => Promise<void>,
  log: Logger,
): () => void {
  let checking = false;
  const timer = setInterval(() => {
    const live: Connection[] = [];
    for (const connection of registry.all()) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      live.push(connection);
    }
    if (checking || live.length === 0) return;
    checking = true;
    check(live)
      .catch((err: unknown) => log.warn({ err }, 'websocket session check failed'))
      .finally(() => {
        checking = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
