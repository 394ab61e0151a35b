import { sql, type RawBuilder } from 'kysely';
import type { StorageStats } from '@vault/contract';
import type { Db } from '../../db/index.js';

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

/**
 * Logical bytes are what the files and their versions would take stored
 * apart, physical what they take stored once per content; the ratio is the
 * share of files that are copies of another.
 */
export function storageFigures(logical: number, physical: number, files: number, unique: number): StorageStats {
  return {
    total_storage_bytes: physical,
    original_storage_bytes: logical,
    savings_bytes: logical - physical,
    savings_percentage: percent(logical - physical, logical),
    deduplication_ratio: files > 0 ? Math.round(((files - unique) / files) * 10_000) / 10_000 : 0,
    file_count: files,
    unique_file_count: unique,
    // Deleting is permanent: nothing is ever held in a trash.
    trash_bytes: 0,
    trash_file_count: 0,
  };
}

/**
 * Figures over the files matching a condition on their owner (`user_id`),
 * with their versions, and the physical bytes they occupy.
 */
export async function storageOf(db: Db, scope: RawBuilder<unknown>, physical: RawBuilder<unknown>): Promise<StorageStats> {
  const { rows } = await sql<{ files: number; logical: number | null; unique_count: number; physical: number | null }>`
    select count(*) as files,
      (select sum(size) from content_refs where ${scope}) as logical,
      count(distinct blob_hash) as unique_count,
      ${physical} as physical
    from files where ${scope}`.execute(db);
  const r = rows[0]!;
  return storageFigures(Number(r.logical ?? 0), Number(r.physical ?? 0), Number(r.files), Number(r.unique_count));
}

/** Every file in the system: physical bytes stored once per content. */
export function systemStorage(db: Db): Promise<StorageStats> {
  return storageOf(db, sql`1 = 1`, sql`(select sum(b.size) from blobs b where b.ref_count > 0)`);
}
