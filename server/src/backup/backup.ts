import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { openDatabase, sqliteFile, type Db } from '../db/index.js';
import { withInstallation } from '../installation.js';
import { copyVerified } from '../storage/copy-object.js';
import { createFsObjectStore } from '../storage/fs-store.js';
import type { ObjectStore } from '../storage/object-store.js';
import { repairCounts } from '../storage/repair.js';
import { everyBlob } from '../storage/verify.js';
import { DATABASE_FILE, SECRET_FILE, assertEmptyDir, hashFile, writeManifest, type BackupManifest } from './manifest.js';

/** Pages copied per step of the online backup: the whole database at once, so no write can restart it. */
const ALL_PAGES = 2 ** 30;

/**
 * The live object to copy for a blob of the snapshot. Objects are write-once
 * and removed only after their blob row, so an object missing now belongs to
 * a blob collected after the snapshot: its files were all deleted since. If
 * the same content was uploaded again meanwhile, its new object holds the
 * same bytes. Undefined: nothing holds that content any more.
 */
async function liveObjectOf(live: Db, store: ObjectStore, blob: { hash: string; storage_key: string }): Promise<string | undefined> {
  if (await store.exists(blob.storage_key)) return blob.storage_key;
  const now = await live.selectFrom('blobs').select('storage_key').where('hash', '=', blob.hash).executeTakeFirst();
  if (now?.storage_key === blob.storage_key) {
    throw new Error(`The installation is damaged: blob ${blob.hash} has lost its object ${blob.storage_key} (run vault verify)`);
  }
  return now && (await store.exists(now.storage_key)) ? now.storage_key : undefined;
}

/**
 * `vault backup <dir>`: a consistent copy of a running embedded installation.
 * The database is copied at one instant through SQLite's online backup API;
 * then every object that the copy's files refer to is copied from the live
 * store and checked against its hash (thumbnails and unfinished uploads are
 * left out). Files deleted (and their content
 * collected) between the snapshot and the copy of their object are left out,
 * with their counts, so the backup is always one that verify accepts.
 * The manifest, written last, lists every file with its SHA-256.
 */
export async function backupInstallation(config: Config, dir: string, log: (line: string) => void): Promise<BackupManifest> {
  if (config.database.url) {
    throw new Error('vault backup copies an embedded installation (SQLite in DATA_DIR); back up PostgreSQL with pg_dump and the bucket with its own versioning (see README)');
  }
  const target = path.resolve(dir);
  return withInstallation(config, async ({ database: live, store }) => {
    assertEmptyDir(target, 'The backup directory');
    const source = new SQLite(sqliteFile(config.dataDir), { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(target, DATABASE_FILE), { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    log(`database: snapshot taken`);

    const snapshot = await openDatabase({ url: undefined, schema: undefined, dataDir: target });
    const copies = createFsObjectStore(target);
    const objects: BackupManifest['objects'] = [];
    let counts: { users: number; files: number };
    try {
      const db = snapshot.db;
      // Uploads in flight (their partial objects are not copied: clients start them again), thumbnails
      // (made again from the content when first asked for) and blobs no file or version refers to are not
      // part of the installation's content. Thumbnails go first: each refers to its blob.
      await db.deleteFrom('object_leases').execute();
      await db.deleteFrom('resumable_uploads').where('completed_at', 'is', null).execute();
      await db.deleteFrom('derived_objects').execute();
      await db.deleteFrom('blobs').where(({ not, exists, selectFrom }) => not(exists(selectFrom('content_refs').select('user_id').whereRef('content_refs.blob_hash', '=', 'blobs.hash')))).execute();

      const gone: string[] = [];
      for await (const blob of everyBlob(db)) {
        const from = await liveObjectOf(live.db, store, blob);
        if (from === undefined) {
          gone.push(blob.hash);
          continue;
        }
        await copyVerified(store, from, copies, blob.storage_key, blob);
        objects.push({ key: blob.storage_key, sha256: blob.hash, size: Number(blob.size) });
        if (objects.length % 100 === 0) log(`objects: ${objects.length} copied`);
      }
      if (gone.length > 0) {
        // A version goes with its content, and with its file (whose current content went).
        await db
          .deleteFrom('file_versions')
          .where((eb) => eb.or([eb('blob_hash', 'in', gone), eb('file_id', 'in', eb.selectFrom('files').select('id').where('blob_hash', 'in', gone))]))
          .execute();
        const left = await db.deleteFrom('files').where('blob_hash', 'in', gone).executeTakeFirst();
        await db.deleteFrom('blobs').where('hash', 'in', gone).execute();
        await repairCounts(db, copies, () => undefined);
        log(`left out ${Number(left.numDeletedRows)} files deleted while the backup ran`);
      }
      const count = async (table: 'users' | 'files') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      counts = { users: await count('users'), files: await count('files') };
    } finally {
      await snapshot.close();
    }
    log(`objects: ${objects.length} copied and verified`);

    const secretFile = path.join(config.dataDir, SECRET_FILE);
    let secret: BackupManifest['secret'] = null;
    if (fs.existsSync(secretFile)) {
      fs.copyFileSync(secretFile, path.join(target, SECRET_FILE));
      fs.chmodSync(path.join(target, SECRET_FILE), 0o600);
      secret = { file: SECRET_FILE, ...(await hashFile(path.join(target, SECRET_FILE))) };
    }
    const manifest: BackupManifest = {
      format: 'vault-backup',
      version: 1,
      created_at: new Date().toISOString(),
      database: { file: DATABASE_FILE, ...(await hashFile(path.join(target, DATABASE_FILE))) },
      secret,
      objects,
      ...counts,
    };
    writeManifest(target, manifest);
    return manifest;
  });
}
