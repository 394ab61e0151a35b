import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { sqliteFile } from '../db/index.js';
import { copyVerified } from '../storage/copy-object.js';
import { createFsObjectStore } from '../storage/fs-store.js';
import { openObjectStore } from '../storage/open-store.js';
import { DATABASE_FILE, assertEmptyDir, hashFile, readManifest } from './manifest.js';

/** Copies a file and checks the copy against the manifest's hash. */
async function copyChecked(from: string, to: string, expected: { sha256: string; size: number }, mode: number): Promise<void> {
  fs.copyFileSync(from, to);
  fs.chmodSync(to, mode);
  const actual = await hashFile(to);
  if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
    throw new Error(`${from} does not match the manifest (${actual.size} bytes hashing to ${actual.sha256}): the backup is damaged`);
  }
}

/**
 * `vault restore <dir>`: a backup into an empty DATA_DIR, each file checked
 * against the manifest's SHA-256 on the way. Objects keep their keys.
 */
export async function restoreInstallation(dir: string, config: Config, log: (line: string) => void): Promise<void> {
  if (config.database.url || config.s3) {
    throw new Error('vault restore restores an embedded installation (SQLite and objects in DATA_DIR): unset DATABASE_URL and S3_BUCKET; restore PostgreSQL with pg_restore and the bucket with its own tools (see README)');
  }
  const source = path.resolve(dir);
  const manifest = readManifest(source);
  assertEmptyDir(config.dataDir, 'DATA_DIR');
  if (manifest.secret) await copyChecked(path.join(source, manifest.secret.file), path.join(config.dataDir, manifest.secret.file), manifest.secret, 0o600);

  const from = createFsObjectStore(source);
  const to = await openObjectStore(config);
  for (const [i, object] of manifest.objects.entries()) {
    await copyVerified(from, object.key, to, object.key, { hash: object.sha256, size: object.size });
    if ((i + 1) % 100 === 0) log(`objects: ${i + 1}/${manifest.objects.length}`);
  }
  log(`objects: ${manifest.objects.length} restored and verified`);
  // The database last: until it is there, the directory is no installation a server would start on.
  await copyChecked(path.join(source, DATABASE_FILE), sqliteFile(config.dataDir), manifest.database, 0o600);
  log(`database: restored (${manifest.users} users, ${manifest.files} files, backup of ${manifest.created_at})`);
}
