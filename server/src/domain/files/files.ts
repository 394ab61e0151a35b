import { sql } from 'kysely';
import { EXTENSION_MIME, extensionOf, type FileItem, type FileUpdate } from '@vault/contract';
import type { Db, Dialect } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';
import { collectBlob } from '../../storage/gc.js';
import { FILE_NOT_FOUND, ownedFile, ownedFolder, publicFile, readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import { recordActivity } from '../shared/activity.js';
import { chunks } from '../../db/chunks.js';
import { fileAudience, mergeAudiences } from '../access/audience.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid, NotFound } from '../shared/errors.js';
import { fileDto } from './dto.js';
import { normalizeFileName } from './names.js';
import { lockUser, lockUsers } from '../shared/locks.js';
import { charge, ownsContent } from '../shared/quota.js';

export async function getFile(ctx: DomainContext, actor: Actor, fileId: number): Promise<FileItem> {
  const row = await readableFile(ctx.db, viewerOf(actor), fileId);
  return fileDto(ctx.db, viewerOf(actor), row.id);
}

/** A public file as anyone sees it. */
export async function getPublicFile(ctx: DomainContext, _actor: Actor | undefined, { fileId }: { fileId: number }): Promise<FileItem> {
  const row = await publicFile(ctx.db, fileId);
  return fileDto(ctx.db, undefined, row.id);
}

export type ReleasedFile = Pick<FileRow, 'id' | 'user_id' | 'blob_hash' | 'file_size' | 'original_name'>;

export interface Released {
  /** The rows this transaction deleted: only these were released. */
  files: ReleasedFile[];
  /** Hashes whose last reference went. */
  emptied: string[];
}

/**
 * Deletes file rows and releases their content, inside the caller's
 * transaction. A row goes only if it still belongs to the owner named here,
 * and only the rows this DELETE really removed are released, so a file that
 * a racing delete (of the file, by an admin, or of its folder) took first is
 * never released twice: each owner is charged less for content they no
 * longer hold, and each blob loses one reference per row. Locks go users
 * first (in id order), then blobs (in hash order), as uploads take them, so
 * concurrent transactions never wait on each other in a circle.
 */
export async function releaseFiles(trx: Db, dialect: Dialect, candidates: Pick<FileRow, 'id' | 'user_id'>[], now: number): Promise<Released> {
  if (candidates.length === 0) return { files: [], emptied: [] };
  const owners = [...new Set(candidates.map((f) => f.user_id))];
  await lockUsers(trx, dialect, owners);
  const files: ReleasedFile[] = [];
  for (const part of chunks(candidates)) {
    const gone = await trx
      .deleteFrom('files')
      .where('id', 'in', part.map((f) => f.id))
      .where('user_id', 'in', owners)
      .returning(['id', 'user_id', 'blob_hash', 'file_size', 'original_name'])
      .execute();
    files.push(...gone);
  }
  const held = new Map(files.map((f) => [`${f.user_id}:${f.blob_hash}`, f]));
  for (const f of [...held.values()].sort((a, b) => a.user_id - b.user_id)) {
    if (!(await ownsContent(trx, f.user_id, f.blob_hash))) await charge(trx, f.user_id, -Number(f.file_size));
  }
  const perHash = new Map<string, number>();
  for (const f of files) perHash.set(f.blob_hash, (perHash.get(f.blob_hash) ?? 0) + 1);
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
  return { files, emptied };
}

/**
 * Collects emptied blobs after the response rather than at the next GC round:
 * answering only after the collection would tell the caller whether anyone
 * else holds the content. A failure leaves them to the GC round.
 */
export function collectLater(ctx: DomainContext, hashes: string[]): void {
  for (const hash of hashes) ctx.background.defer(`collect blob ${hash}`, async () => void (await collectBlob(ctx.db, ctx.store, hash)));
}

/**
 * The row was read (and the caller's right to delete it checked) before the
 * transaction; inside it, the DELETE decides: a racing delete that took the
 * row first leaves this one with nothing to release, and a 404.
 */
async function deleteRow(ctx: DomainContext, actor: Actor, row: FileRow, asAdmin: boolean): Promise<void> {
  const audience = await fileAudience(ctx.db, row);
  const released = await ctx.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const released = await releaseFiles(trx, ctx.dialect, [row], now);
    const gone = released.files[0];
    if (!gone) throw new NotFound(FILE_NOT_FOUND);
    const owner = asAdmin ? await trx.selectFrom('users').select('username').where('id', '=', row.user_id).executeTakeFirst() : undefined;
    await recordActivity(
      trx,
      {
        type: asAdmin ? 'admin_delete' : 'delete',
        userId: actor.id,
        fileId: gone.id,
        fileName: gone.original_name,
        detail: owner ? `owner: ${owner.username}` : null,
      },
      now,
    );
    return released;
  });
  collectLater(ctx, released.emptied);
  await ctx.events.publish({ event: { type: 'file_deleted', file_id: row.id, at: new Date().toISOString() }, audience });
}

/** DELETE /api/files/{id}: the owner only. */
export async function deleteOwnFile(ctx: DomainContext, actor: Actor, fileId: number): Promise<void> {
  await deleteRow(ctx, actor, await ownedFile(ctx.db, actor.id, fileId), false);
}

/** DELETE /api/admin/files/{id}: any file, recorded as an admin delete. */
export async function adminDeleteFile(ctx: DomainContext, admin: Actor, fileId: number): Promise<void> {
  await deleteRow(ctx, admin, await readableFile(ctx.db, viewerOf(admin), fileId), true);
}

/** PUT /api/files/{id}: rename (keeping the type), move, retag. */
export async function updateFile(ctx: DomainContext, actor: Actor, fileId: number, change: FileUpdate): Promise<FileItem> {
  const row = await ownedFile(ctx.db, actor.id, fileId);
  const before = await fileAudience(ctx.db, row);
  const name = change.original_name === undefined ? undefined : normalizeFileName(change.original_name);
  if (name !== undefined) {
    const ext = extensionOf(name);
    if ((EXTENSION_MIME as Record<string, string>)[ext] !== row.mime_type) {
      throw new Invalid(`The new name must keep the file's type (.${extensionOf(row.original_name)})`);
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (change.folder_id) {
      await lockUser(trx, ctx.dialect, actor.id);
      await ownedFolder(trx, actor.id, change.folder_id);
    }
    await trx
      .updateTable('files')
      .set({
        ...(name !== undefined ? { original_name: name } : {}),
        ...(change.folder_id !== undefined ? { folder_id: change.folder_id } : {}),
        updated_at: Date.now(),
      })
      .where('id', '=', fileId)
      .execute();
    if (change.tags !== undefined) {
      await trx.deleteFrom('file_tags').where('file_id', '=', fileId).execute();
      if (change.tags.length > 0) await trx.insertInto('file_tags').values(change.tags.map((tag) => ({ file_id: fileId, tag }))).execute();
    }
  });
  const after = await ctx.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
  await ctx.events.publish({
    event: { type: 'file_updated', file_id: fileId, at: new Date().toISOString() },
    audience: mergeAudiences(before, await fileAudience(ctx.db, after)),
  });
  return fileDto(ctx.db, viewerOf(actor), fileId);
}
