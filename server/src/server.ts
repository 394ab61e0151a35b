import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { migrate, openDatabase, type DatabaseHandle } from './db/index.js';
import type { DomainContext } from './domain/context.js';
import { seedAccounts } from './domain/demo.js';
import { createPasswordHasher } from './domain/passwords.js';
import { createTokenService } from './domain/tokens.js';
import { createMemoryBus } from './events/memory-bus.js';
import { buildApp } from './http/app.js';
import { createMemoryCounterStore } from './http/counter-store.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { scheduleMaintenance } from './maintenance.js';
import { createFsObjectStore } from './storage/fs-store.js';

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
  const database = await openDatabase({ url: config.database.url, schema: config.database.schema, dataDir: config.dataDir });
  await migrate(database);

  const ctx: DomainContext = {
    db: database.db,
    dialect: database.dialect,
    store: createFsObjectStore(config.dataDir),
    events: createMemoryBus(),
    passwords: createPasswordHasher(config.argon2MemoryKib),
    tokens: createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    settings: {
      defaultQuotaBytes: config.defaultQuotaBytes,
      maxFileBytes: config.maxFileBytes,
      tokenTtlSeconds: config.tokenTtlSeconds,
      orphanGraceMs: config.orphanGraceMs,
    },
    log: logger,
  };
  await seedAccounts(ctx, { demo: config.demoAccounts, admin: config.admin });

  const app = await buildApp({ config, ctx, logger, counters: createMemoryCounterStore() });
  let stopMaintenance: (() => Promise<void>) | undefined;

  return {
    app,
    ctx,
    database,
    config,
    logger,
    async listen() {
      const address = await app.listen({ port: config.port, host: config.host });
      stopMaintenance = scheduleMaintenance(ctx, config.gcIntervalMs);
      return address;
    },
    /**
     * Graceful: stop accepting, let requests in flight (uploads included)
     * finish for up to SHUTDOWN_GRACE_SECONDS, then close what is left.
     */
    async close() {
      await stopMaintenance?.();
      const deadline = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
      await app.close();
      clearTimeout(deadline);
      await ctx.events.close();
      await database.close();
    },
  };
}
