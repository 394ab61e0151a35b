import type { Db } from '../db/index.js';
import { ID_CHUNK } from '../db/chunks.js';
import { heldKeys } from './leases.js';
import type { ObjectStore } from './object-store.js';

/** Thrown inside collectBlob's transaction to undo it: the blob was referenced again. */
class StillReferenced extends Error {}

/**
 * Removes a blob whose last reference is gone, with the objects made from it
 * (thumbnails); its extracted text goes with the row (on delete cascade). The rows go first, in one transaction that deletes the blob
 * only at ref_count 0: an upload that re-referenced the hash in the meantime
 * wins, and nothing is deleted. The objects go only after their rows.
 */
export async function collectBlob(db: Db, store: ObjectStore, hash: string): Promise<boolean> {
  let keys: string[];
  try {
    keys = await db.transaction().execute(async (trx) => {
      const derived = await trx
        .deleteFrom('derived_objects')
        .where('blob_hash', '=', hash)
        .where((eb) => eb.exists(eb.selectFrom('blobs').select('hash').where('hash', '=', hash).where('ref_count', '=', 0)))
        .returning('storage_key')
        .execute();
      const gone = await trx.deleteFrom('blobs').where('hash', '=', hash).where('ref_count', '=', 0).returning('storage_key').executeTakeFirst();
      if (!gone) throw new StillReferenced();
      return [gone.storage_key, ...derived.map((d) => d.storage_key)];
    });
  } catch (err) {
    if (err instanceof StillReferenced) return false;
    throw err;
  }
  for (const key of keys) await store.delete(key);
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

/** Groups the keys of a listing, so that each group is checked against the database in one query. */
export async function* batched(keys: AsyncIterable<string>, size = ID_CHUNK): AsyncIterable<string[]> {
  let batch: string[] = [];
  for await (const key of keys) {
    batch.push(key);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Objects that no blob row points at and no lease holds, older than the grace
 * period: left by a crash between writing an object and committing its row,
 * by a writer that stopped extending its lease, or by a duplicate whose copy
 * was never deleted. Leases keep uploads in flight safe however long they
 * take; the grace period adds a margin for objects written before leases.
 */
export async function sweepStrayObjects(
  db: Db,
  store: ObjectStore,
  graceMs: number,
  now = Date.now(),
  onRemoved: (key: string) => void = () => undefined,
): Promise<number> {
  let removed = 0;
  for await (const keys of batched(store.listOlderThan(now - graceMs))) {
    const held = await heldKeys(db, keys);
    for (const key of keys) {
      if (held.has(key)) continue;
      await store.delete(key);
      onRemoved(key);
      removed += 1;
    }
  }
  return removed;
}
