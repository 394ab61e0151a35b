import { createBackground } from './background.js';
import type { Config } from './config.js';
import { createGroupCommit } from './db/group-commit.js';
import type { DatabaseHandle } from './db/index.js';
import { createPasswordHasher } from './domain/accounts/passwords.js';
import { createTokenService } from './domain/accounts/tokens.js';
import type { DomainContext } from './domain/shared/context.js';
import { textExtractions } from './domain/texts/extract-text.js';
import { countDownloads } from './domain/files/record-download.js';
import type { Logger } from './logger.js';
import type { EventBus } from './events/bus.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { createSecretBox, type SecretBox } from './secret-box.js';
import { silentObserver, type Observer } from './metrics/observer.js';
import { HashCache } from './storage/hash-cache.js';
import type { ObjectStore } from './storage/object-store.js';
import { UploadSlots } from './domain/uploads/upload-slots.js';

export interface ContextParts {
  database: DatabaseHandle;
  store: ObjectStore;
  events: EventBus;
  log: Logger;
  observe?: Observer;
}

/** The server's secret: JWT_SECRET, or the one generated into DATA_DIR. */
function serverSecret(config: Config): string {
  return resolveJwtSecret(config.jwtSecret, config.dataDir);
}

/** Seals secrets at rest under the server's secret: for the domain, and for the migration that sealed the old ones. */
export function secretBoxOf(config: Config): SecretBox {
  return createSecretBox(serverSecret(config));
}

/** The domain's context from the configuration: the same for the server and for the admin CLI. */
export function createDomainContext(config: Config, { database, store, events, log, observe = silentObserver }: ContextParts): DomainContext {
  const ctx: DomainContext = {
    db: database.db,
    reads: database.reads,
    readsBeside: database.readsBeside,
    dialect: database.dialect,
    downloads: createGroupCommit(database.db, database.dialect, countDownloads),
    store,
    hashes: new HashCache(),
    uploadSlots: new UploadSlots(config.maxParallelUploads),
    events,
    background: createBackground(log),
    extractions: textExtractions(log, () => ctx),
    passwords: createPasswordHasher(config.argon2MemoryKib),
    tokens: createTokenService(serverSecret(config)),
    secrets: secretBoxOf(config),
    settings: {
      defaultQuotaBytes: config.defaultQuotaBytes,
      maxFileBytes: config.maxFileBytes,
      allowedTypes: config.allowedTypes,
      tokenTtlSeconds: config.tokenTtlSeconds,
      orphanGraceMs: config.orphanGraceMs,
      uploadIdleMs: config.uploadIdleMs,
      resumable: config.resumable,
      versionsKeep: config.versionsKeep,
      trashDays: config.trashDays,
      requireTwoFactorForAdmins: config.requireTwoFactorForAdmins,
    },
    log,
    observe,
  };
  return ctx;
}
