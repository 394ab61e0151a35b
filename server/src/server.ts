import fs from 'node:fs';
import type http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { migrate, openDatabase, type DatabaseHandle } from './db/index.js';
import type { DomainContext } from './domain/shared/context.js';
import { seedAccounts } from './domain/accounts/demo.js';
import type { EventBus } from './events/bus.js';
import { createMemoryBus } from './events/memory-bus.js';
import { createPgBus } from './events/pg-bus.js';
import { buildApp } from './http/app.js';
import { createMemoryCounterStore, withLocalFallback, type CounterStore } from './http/counter-store.js';
import { createDomainContext, secretBoxOf } from './domain-context.js';
import { scheduleMaintenance } from './maintenance.js';
import { createMetrics } from './metrics/metrics.js';
import { listenForMetrics } from './http/metrics.js';
import { openObjectStore } from './storage/open-store.js';

export interface VaultServer {
  app: FastifyInstance;
  ctx: DomainContext;
  database: DatabaseHandle;
  config: Config;
  logger: Logger;
  /** Listens on config.host:config.port and starts maintenance; resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Wires configuration into a ready (not yet listening) server. */
export async function createServer(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<VaultServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ ...config.database, dataDir: config.dataDir });
  await migrate(database, secretBoxOf(config));
  const events: EventBus = database.pgPool ? createPgBus(database.pgPool, database.schema ?? 'public', logger) : createMemoryBus();
  const store = await openObjectStore(config);
  // Rate-limit state is shared through Redis when instances run side by side;
  // the client is loaded only then.
  // Commands fail at once while it is unreachable (no queue to wait in): the counters fall back to this process's.
  const redis = config.redis ? new (await import('ioredis')).Redis(config.redis.url, { maxRetriesPerRequest: 2, enableOfflineQueue: false }) : undefined;
  if (redis) {
    // Its connection errors are told by the counters' fallback, once per outage; it reconnects by itself.
    redis.on('error', () => undefined);
    // The first requests count in Redis when it is there: its first answer, either way, is awaited.
    await new Promise<void>((resolve) => {
      redis.once('ready', resolve);
      redis.once('error', () => resolve());
    });
  }
  const counters: CounterStore =
    redis && config.redis
      ? withLocalFallback((await import('./http/redis-counter-store.js')).createRedisCounterStore(redis, config.redis.prefix), logger)
      : createMemoryCounterStore();

  // Open websockets are counted on the app, which is built after the context the metrics feed.
  let built: FastifyInstance | undefined;
  const metrics = config.metrics ? createMetrics({ openSockets: () => built?.websocketServer.clients.size ?? 0, events, pgPool: database.pgPool }) : undefined;
  const ctx = createDomainContext(config, { database, store, events, log: logger, observe: metrics?.observer });
  await seedAccounts(ctx, { demo: config.demoAccounts, admin: config.admin });

  const app = await buildApp({ config, ctx, logger, counters, metrics });
  built = app;
  let stopMaintenance: (() => Promise<void>) | undefined;
  let metricsServer: http.Server | undefined;

  return {
    app,
    ctx,
    database,
    config,
    logger,
    async listen() {
      const address = await app.listen({ port: config.port, host: config.host });
      if (metrics && config.metrics?.port !== undefined) {
        metricsServer = await listenForMetrics(metrics, config.metrics.port, config.host, config.metrics.token);
        const bound = metricsServer.address();
        logger.info({ port: typeof bound === 'object' && bound ? bound.port : config.metrics.port }, 'metrics listening');
      }
      stopMaintenance = scheduleMaintenance(ctx, config.gcIntervalMs, database.exclusive);
      return address;
    },
    /**
     * Graceful: stop accepting, let requests in flight (uploads included)
     * finish for up to SHUTDOWN_GRACE_SECONDS, close what is left, then
     * finish the work they left for after their responses (within the same
     * grace).
     */
    async close() {
      const deadline = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
      // New work is refused at once, not only once a maintenance pass under way has stopped.
      const closing = app.close();
      await stopMaintenance?.();
      await closing;
      clearTimeout(deadline);
      metricsServer?.closeAllConnections();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      metrics?.close();
      // As long again for the work they left; the next maintenance pass redoes what remains.
      await Promise.race([
        ctx.background.idle().then(() => ctx.extractions.idle()),
        new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs).unref()),
      ]);
      await ctx.events.close();
      await redis?.quit().catch(() => redis.disconnect());
      await store.close?.();
      await database.close();
    },
  };
}
