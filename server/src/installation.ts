import fs from 'node:fs';
import { pino } from 'pino';
import type { Config } from './config.js';
import { openDatabase, pendingMigrations, sqliteFile, type DatabaseHandle } from './db/index.js';
import { createDomainContext } from './domain-context.js';
import type { DomainContext } from './domain/shared/context.js';
import { createMemoryBus } from './events/memory-bus.js';
import { createPgBus } from './events/pg-bus.js';
import { openObjectStore } from './storage/open-store.js';
import type { ObjectStore } from './storage/object-store.js';

/** An existing installation, as the configuration names it, opened for an admin command. */
export interface Installation {
  database: DatabaseHandle;
  store: ObjectStore;
  /** The domain's context, as the server builds it (made on first use: it may create the JWT secret file). */
  context(): DomainContext;
  close(): Promise<void>;
}

/**
 * Opens the installation the environment configures, never creating one: a
 * missing SQLite database or a database this version has not migrated yet
 * is an error (start the server once first).
 */
export async function openInstallation(config: Config): Promise<Installation> {
  const file = sqliteFile(config.dataDir);
  if (!config.database.url && !fs.existsSync(file)) {
    throw new Error(`No Vault database at ${file}: set DATA_DIR (or DATABASE_URL) to the installation`);
  }
  const database = await openDatabase({ ...config.database, dataDir: config.dataDir });
  try {
    const pending = await pendingMigrations(database);
    if (pending.length > 0) throw new Error(`The database is not up to date (missing ${pending.join(', ')}): start this version of Vault once first`);
    const store = await openObjectStore(config);
    let ctx: DomainContext | undefined;
    return {
      database,
      store,
      context() {
        if (ctx) return ctx;
        // Domain log lines go to stderr, so that stdout holds only the command's own report.
        const log = pino({ level: config.logLevel }, pino.destination(2));
        // On PostgreSQL the running instances hear what a command publishes (a disabled user's sockets close at once);
        // an embedded server notices at its next heartbeat.
        const events = database.pgPool ? createPgBus(database.pgPool, database.schema ?? 'public', log) : createMemoryBus();
        ctx = createDomainContext(config, { database, store, events, log });
        return ctx;
      },
      async close() {
        await ctx?.background.idle();
        await ctx?.extractions.idle();
        await ctx?.events.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Runs `fn` on the installation and closes it, whatever happens. */
export async function withInstallation<T>(config: Config, fn: (installation: Installation) => Promise<T>): Promise<T> {
  const installation = await openInstallation(config);
  try {
    return await fn(installation);
  } finally {
    await installation.close();
  }
}
