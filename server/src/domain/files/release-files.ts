import { sql } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { Db, Dialect } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';
import { collectBlob } from '../../storage/gc.js';
import type { DomainContext } from '../shared/context.js';
import { lockBlobs, lockUsers } from '../shared/locks.js';
import { charge, ownsContent } from '../shared/quota.js';

export type ReleasedFile = Pick<FileRow, 'id' | 'user_id' | 'blob_hash' | 'file_size' | 'original_name'>;

/** A reference to content, as a file or a version holds it: whose it is, which content, how large. */
export interface ContentRef {
  user_id: number;
  blob_hash: string;
  size: number;
}

export interface Released {
  /** The rows this transaction deleted: only these were released. */
  files: ReleasedFile[];
  /** Hashes whose last reference went. */
  emptied: string[];
}

/**
 * Deletes file rows, with their versions, and releases their content, inside
 * the caller's transaction. A row goes only if it still belongs to the owner
 * named here, and only the rows this DELETE really removed are released, so
 * a file that a racing delete (of the file, by an admin, or of its folder)
 * took first is never released twice. Locks go users first (in id order),
 * then blobs (in hash order), then the rows that refer to them, as uploads
 * and the claims of texts take them, so concurrent transactions never wait
 * on each other in a circle.
 */
export async function releaseFiles(trx: Db, dialect: Dialect, candidates: Pick<FileRow, 'id' | 'user_id'>[], now: number): Promise<Released> {
  if (candidates.length === 0) return { files: [], emptied: [] };
  const owners = [...new Set(candidates.map((f) => f.user_id))];
  await lockUsers(trx, dialect, owners);
  await lockContentsOf(trx, dialect, candidates);
  const files: ReleasedFile[] = [];
  const versions: ContentRef[] = [];
  for (const part of chunks(candidates)) {
    const ids = part.map((f) => f.id);
    // A version belongs to its file's owner: it goes exactly when its file does.
    versions.push(...(await trx.deleteFrom('file_versions').where('file_id', 'in', ids).where('user_id', 'in', owners).returning(['user_id', 'blob_hash', 'size']).execute()));
    files.push(...(await trx.deleteFrom('files').where('id', 'in', ids).where('user_id', 'in', owners).returning(['id', 'user_id', 'blob_hash', 'file_size', 'original_name']).execute()));
  }
  const refs = [...files.map((f) => ({ user_id: f.user_id, blob_hash: f.blob_hash, size: f.file_size })), ...versions];
  return { files, emptied: await releaseRefs(trx, refs, now) };
}

/**
 * Locks (lockBlobs) the content these files and their versions hold, and
 * `more`, before any of their rows change; their owners' locks, taken
 * first, keep that content from changing meanwhile.
 */
export async function lockContentsOf(trx: Db, dialect: Dialect, files: Pick<FileRow, 'id' | 'user_id'>[], more: string[] = []): Promise<void> {
  if (dialect !== 'postgres') return;
  const owners = [...new Set(files.map((f) => f.user_id))];
  const hashes = [...more];
  for (const part of chunks(files.map((f) => f.id))) {
    const rows = await trx
      .selectFrom('files')
      .select('blob_hash')
      .where('id', 'in', part)
      .where('user_id', 'in', owners)
      .union(trx.selectFrom('file_versions').select('blob_hash').where('file_id', 'in', part).where('user_id', 'in', owners))
      .execute();
    hashes.push(...rows.map((r) => r.blob_hash));
  }
  await lockBlobs(trx, dialect, hashes);
}

/**
 * Releases references whose rows the caller's transaction has just deleted,
 * under the owners' locks: each owner is charged less for content they no
 * longer hold in any file or version, and each blob loses one reference per
 * row (in hash order). Returns the hashes whose last reference went.
 */
export async function releaseRefs(trx: Db, refs: ContentRef[], now: number): Promise<string[]> {
  const held = new Map(refs.map((r) => [`${r.user_id}:${r.blob_hash}`, r]));
  for (const r of [...held.values()].sort((a, b) => a.user_id - b.user_id)) {
    if (!(await ownsContent(trx, r.user_id, r.blob_hash))) await charge(trx, r.user_id, -Number(r.size));
  }
  const perHash = new Map<string, number>();
  for (const r of refs) perHash.set(r.blob_hash, (perHash.get(r.blob_hash) ?? 0) + 1);
  const emptied: string[] = [];
  for (const hash of [...perHash.keys()].sort()) {
    const n = perHash.get(hash)!;
    const blob = await trx
      .updateTable('blobs')
      .set({
        ref_count: sql`ref_count - ${n}`,
        orphaned_at: sql`case when ref_count = ${n} then ${now} else orphaned_at end`,
      })
      .where('hash', '=', hash)
      .returning('ref_count')
      .executeTakeFirstOrThrow();
    if (blob.ref_count === 0) emptied.push(hash);
  }
  return emptied;
}

/**
 * Collects emptied blobs after the response rather than at the next GC round:
 * answering only after the collection would tell the caller whether anyone
 * else holds the content. A failure leaves them to the GC round.
 */
export function collectLater(ctx: DomainContext, hashes: string[]): void {
  for (const hash of hashes) ctx.background.defer(`collect blob ${hash}`, async () => void (await collectBlob(ctx.db, ctx.store, hash)));
}
