import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, pendingMigrations } from './db/index.js';
import { openObjectStore } from './storage/open-store.js';
import { verifyStorage, type Finding, type VerifyReport } from './storage/verify.js';

/**
 * `vault verify`: checks the installation the configuration names, changing
 * nothing (not even creating a database where none is), and reports each
 * finding as it is found.
 */
export async function verifyInstallation(config: Config, onFinding: (f: Finding) => void): Promise<VerifyReport> {
  const sqliteFile = path.join(config.dataDir, 'vault.db');
  if (!config.database.url && !fs.existsSync(sqliteFile)) {
    throw new Error(`No Vault database at ${sqliteFile}: set DATA_DIR (or DATABASE_URL) to the installation to verify`);
  }
  const database = await openDatabase({ url: config.database.url, schema: config.database.schema, dataDir: config.dataDir });
  try {
    const pending = await pendingMigrations(database);
    if (pending.length > 0) throw new Error(`The database is not up to date (missing ${pending.join(', ')}): start this version of Vault once first`);
    return await verifyStorage(database.db, await openObjectStore(config), onFinding);
  } finally {
    await database.close();
  }
}
