import type { Db } from '../db/index.js';
import type { ObjectStore } from './object-store.js';

/**
 * Removes a blob whose last reference is gone. The row goes first, in one
 * conditional statement: an upload that re-referenced the hash in the
 * meantime wins and nothing is deleted. The object goes only after its row.
 */
export async function collectBlob(db: Db, store: ObjectStore, hash: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('blobs')
    .where('hash', '=', hash)
    .where('ref_count', '=', 0)
    .returning('storage_key')
    .executeTakeFirst();
  if (!gone) return false;
  await store.delete(gone.storage_key);
  return true;
}

/** Every blob at ref_count 0. */
export async function collectOrphans(db: Db, store: ObjectStore): Promise<number> {
  const orphans = await db.selectFrom('blobs').select('hash').where('ref_count', '=', 0).execute();
  let collected = 0;
  for (const { hash } of orphans) {
    if (await collectBlob(db, store, hash)) collected += 1;
  }
  return collected;
}

/**
 * Objects that no blob row points at and that are older than the grace period:
 * left by a crash between writing an object and committing its row, or between
 * committing a duplicate and deleting its copy. The grace period keeps uploads
 * in flight safe.
 */
export async function sweepStrayObjects(db: Db, store: ObjectStore, graceMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  for await (const key of store.listOlderThan(now - graceMs)) {
    const owner = await db.selectFrom('blobs').select('hash').where('storage_key', '=', key).executeTakeFirst();
    if (owner) continue;
    await store.delete(key);
    removed += 1;
  }
  return removed;
}
