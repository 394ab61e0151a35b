import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from './config.js';
import { secretBoxOf } from './domain-context.js';
import { resolveJwtSecret, storedJwtSecret } from './jwt-secret.js';
import { createSecretBox, totpContext } from './secret-box.js';
import { migrate, openDatabase, sqliteFile, type DatabaseHandle, type Db } from './db/index.js';
import type { Database } from './db/schema.js';
import { ContentMismatch, copyVerified } from './storage/copy-object.js';
import { createFsObjectStore } from './storage/fs-store.js';
import { newObjectKey } from './storage/keys.js';
import { openObjectStore } from './storage/open-store.js';
import type { ObjectStore } from './storage/object-store.js';

export interface MigrationReport {
  objects: number;
  bytes: number;
  rows: Record<string, number>;
}

type Table = keyof Database;
/** Copied in foreign-key order. */
const TABLES = ['users', 'recovery_codes', 'blobs', 'folders', 'folder_shares', 'files', 'file_versions', 'file_tags', 'file_shares', 'file_stars', 'folder_stars', 'links', 'activity'] as const satisfies readonly Table[];
type CopiedTable = (typeof TABLES)[number];
/**
 * Every table that is not copied, and why. Typed over the whole schema: a new
 * table does not compile until it is copied or named here.
 */
const NOT_COPIED: Record<Exclude<Table, CopiedTable>, string> = {
  sessions: 'everyone signs in again',
  object_leases: 'leases belong to writers running on the source',
  content_refs: 'a view over files and file_versions',
  derived_objects: 'thumbnails are made again from the copied content when first asked for',
  content_texts: 'texts are extracted again from the copied content by the maintenance pass',
  resumable_uploads: "an unfinished upload's partial object is particular to its store: clients start it again",
  quota_charges: 'a charge lives only inside the transaction that makes it: none is ever committed',
};
const SEQUENCED: CopiedTable[] = ['users', 'recovery_codes', 'folders', 'files', 'file_versions', 'links', 'activity'];
const BATCH = 500;

/** Copies one blob's object under a new key, checking its SHA-256 and size against the blob row. */
async function copyObject(from: ObjectStore, to: ObjectStore, blob: { hash: string; size: number; storage_key: string }): Promise<string> {
  const key = newObjectKey();
  try {
    await copyVerified(from, blob.storage_key, to, key, blob);
  } catch (err) {
    if (err instanceof ContentMismatch) throw new Error(`${err.message}: migration stopped`);
    throw err;
  }
  return key;
}

async function count(db: Db, table: Table): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * TOTP secrets are sealed under each installation's own server secret: the
 * source's (DATA_DIR/jwt-secret, else JWT_SECRET as for the target) opens
 * them, the target's seals them again.
 */
function resealer(fromDataDir: string, target: Config) {
  const source = createSecretBox(storedJwtSecret(path.resolve(fromDataDir)) ?? resolveJwtSecret(target.jwtSecret, target.dataDir));
  const dest = secretBoxOf(target);
  const reseal = (id: number, value: unknown) => {
    if (typeof value !== 'string') return value;
    try {
      return dest.seal(source.open(value, totpContext(id)), totpContext(id));
    } catch {
      throw new Error(`The two-factor secret of user ${id} does not open with the source installation's secret (its jwt-secret file, else JWT_SECRET): migration stopped`);
    }
  };
  return {
    source,
    target: dest,
    user: (row: Record<string, unknown>) => {
      const id = Number(row.id);
      return { ...row, totp_secret: reseal(id, row.totp_secret), totp_pending_secret: reseal(id, row.totp_pending_secret) };
    },
  };
}

/**
 * Copies an embedded installation (SQLite and objects under fromDataDir) to
 * the configured database and object store. Ids are kept, so links and
 * shares still work. Objects are copied and verified first; rows then go in
 * one transaction, so a failure leaves the target without rows (copied
 * objects are stray and the sweep removes them).
 */
export async function migrateStorage(fromDataDir: string, target: Config, log: (line: string) => void = () => undefined): Promise<MigrationReport> {
  const from = path.resolve(fromDataDir);
  // Never a database made where none was: a mistyped --from would copy an empty installation.
  if (!fs.existsSync(sqliteFile(from))) throw new Error(`${from} holds no embedded installation: ${sqliteFile(from)} does not exist`);
  // The target's database or objects in the source's directory would be the source's own: the target's
  // collection would then remove every object of the source, the copy to fall back on.
  if (path.resolve(target.dataDir) === from && (!target.database.url || !target.s3)) {
    throw new Error("The target would keep its database or objects in the source's DATA_DIR: set DATABASE_URL and S3_BUCKET, or a DATA_DIR of its own, for the target");
  }
  const source = await openDatabase({ url: undefined, schema: undefined, dataDir: from });
  let dest: DatabaseHandle | undefined;
  try {
    const sealed = resealer(fromDataDir, target);
    await migrate(source, sealed.source);
    dest = await openDatabase({ ...target.database, dataDir: target.dataDir });
    await migrate(dest, sealed.target);
    if ((await count(dest.db, 'users')) > 0) throw new Error('The target database is not empty: migrate into a fresh one');

    const fromStore = createFsObjectStore(path.resolve(fromDataDir));
    const toStore = await openObjectStore(target);
    const keys = new Map<string, string>();
    let bytes = 0;
    const blobs = await source.db.selectFrom('blobs').select(['hash', 'size', 'storage_key']).where('ref_count', '>', 0).execute();
    for (const blob of blobs) {
      keys.set(blob.hash, await copyObject(fromStore, toStore, blob));
      bytes += Number(blob.size);
      if (keys.size % 100 === 0) log(`objects: ${keys.size}/${blobs.length}`);
    }
    log(`objects: ${keys.size}/${blobs.length} copied and verified (${bytes} bytes)`);

    for (const [table, why] of Object.entries(NOT_COPIED)) log(`${table}: not copied (${why})`);
    const rows: Record<string, number> = {};
    await dest.db.transaction().execute(async (trx) => {
      for (const table of TABLES) {
        // Rows move as they are; only a blob's key changes, to its copy's.
        let all: Record<string, unknown>[] = await source.db.selectFrom(table).selectAll().execute();
        if (table === 'blobs') {
          all = all.filter((b) => keys.has(String(b.hash))).map((b) => ({ ...b, storage_key: keys.get(String(b.hash)) }));
        }
        if (table === 'users') all = all.map(sealed.user);
        // Parents may have larger ids than children (folders move): link parents once all exist.
        const insert = table === 'folders' ? all.map((f) => ({ ...f, parent_id: null })) : all;
        for (let i = 0; i < insert.length; i += BATCH) {
          // never: the rows were read from the same table of the same schema.
          await trx.insertInto(table).values(insert.slice(i, i + BATCH) as never).execute();
        }
        if (table === 'folders') {
          for (const f of all) {
            if (f.parent_id !== null) await trx.updateTable('folders').set({ parent_id: Number(f.parent_id) }).where('id', '=', Number(f.id)).execute();
          }
        }
        rows[table] = all.length;
        log(`${table}: ${all.length} rows`);
      }
      if (dest!.dialect === 'postgres') {
        for (const table of SEQUENCED) {
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
        }
      }
    });
    for (const table of TABLES) {
      const copied = await count(dest.db, table);
      if (copied !== rows[table]) throw new Error(`${table}: ${rows[table]} rows in the source but ${copied} in the target`);
    }
    return { objects: keys.size, bytes, rows };
  } finally {
    await dest?.close();
    await source.close();
  }
}
