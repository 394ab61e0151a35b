import { sql, type RawBuilder } from 'kysely';
import type { DedupStats, StorageStats } from '@vault/contract';
import { isoTime, type Db } from '../../db/index.js';
import type { Actor } from '../shared/context.js';

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;
}

export function storageFigures(logical: number, physical: number, files: number, unique: number): StorageStats {
  return {
    total_storage_bytes: physical,
    original_storage_bytes: logical,
    savings_bytes: logical - physical,
    savings_percentage: percent(logical - physical, logical),
    deduplication_ratio: files > 0 ? Math.round(((files - unique) / files) * 10_000) / 10_000 : 0,
    file_count: files,
    unique_file_count: unique,
  };
}

/** Figures over the files matching a condition on `files`, with the physical bytes they occupy. */
async function storageOf(db: Db, scope: RawBuilder<unknown>, physical: RawBuilder<unknown>): Promise<StorageStats> {
  const { rows } = await sql<{ files: number; logical: number | null; unique_count: number; physical: number | null }>`
    select count(*) as files,
      sum(file_size) as logical,
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

/**
 * The caller's own files for users, physical bytes being what they are
 * charged (the same figure as their quota usage); the whole system for
 * admins, who see all files on their dashboard.
 */
export function storageStats(db: Db, actor: Actor): Promise<StorageStats> {
  if (actor.isAdmin) return systemStorage(db);
  return storageOf(db, sql`user_id = ${actor.id}`, sql`(select used_bytes from users where id = ${actor.id})`);
}

/** The caller's files that share content with another of their own files. */
export async function dedupStats(db: Db, actor: Actor): Promise<DedupStats> {
  const groups = await db
    .selectFrom('files')
    .select((eb) => ['blob_hash', eb.fn.countAll<number>().as('copies'), eb.fn.max('file_size').as('size'), eb.fn.max('mime_type').as('mime')])
    .where('user_id', '=', actor.id)
    .groupBy('blob_hash')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy(sql`(count(*) - 1) * max(file_size)`, 'desc')
    .limit(100)
    .execute();
  const members = groups.length
    ? await db
        .selectFrom('files')
        .select(['id', 'original_name', 'created_at', 'blob_hash'])
        .where('user_id', '=', actor.id)
        .where('blob_hash', 'in', groups.map((g) => g.blob_hash))
        .orderBy('id')
        .execute()
    : [];
  const result = groups.map((g) => {
    const copies = Number(g.copies);
    const size = Number(g.size);
    return {
      mime_type: String(g.mime),
      file_size: size,
      copies,
      saved_bytes: (copies - 1) * size,
      files: members
        .filter((m) => m.blob_hash === g.blob_hash)
        .map((m) => ({ id: m.id, original_name: m.original_name, created_at: isoTime(m.created_at) })),
    };
  });
  return {
    groups: result,
    duplicate_files: result.reduce((n, g) => n + g.copies - 1, 0),
    saved_bytes: result.reduce((n, g) => n + g.saved_bytes, 0),
  };
}
