import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * JWT_SECRET, else a secret generated once and kept in DATA_DIR (mode 0600),
 * so sessions survive restarts of an embedded installation.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const stored = storedJwtSecret(dataDir);
  if (stored !== undefined) return stored;
  const file = path.join(dataDir, 'jwt-secret');
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}

/** The secret generated into DATA_DIR, if there is one. */
export function storedJwtSecret(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return undefined;
  }
}
