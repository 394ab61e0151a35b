import { randomBytes } from 'node:crypto';
import { chunks } from '../../db/chunks.js';
import type { Db } from '../../db/index.js';
import type { ResumableUploadsTable } from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';
import type { DomainContext } from '../shared/context.js';
import { Locked, NotFound } from '../shared/errors.js';
import { newObjectKey } from '../../storage/keys.js';

export type ResumableUpload = Selectable<ResumableUploadsTable>;

/** Whose upload, reached how: the user's own (linkId null), or one made through that link. */
export interface UploadScope {
  userId: number;
  linkId: number | null;
}

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The caller's upload, unfinished or completed (`completed_at`). Another
 * user's, one made through another way in (a link's upload is reached through
 * that link alone, never with the owner's session), an expired one (its bytes
 * may already be gone) and a malformed id are all simply not found.
 */
export async function ownUpload(db: Db, scope: UploadScope, id: string, now = Date.now()): Promise<ResumableUpload> {
  if (!UPLOAD_ID.test(id)) throw new NotFound('Upload not found');
  const row = await db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', scope.userId)
    .where('link_id', scope.linkId === null ? 'is' : '=', scope.linkId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw new NotFound('Upload not found');
  return row;
}

/**
 * What a completed upload tells a client asking again (its reply to the last
 * PATCH may have been lost): the id of the file it became. While the request
 * that brought the last byte still commits the file, the upload is locked
 * (423: the client asks again). Once that file is deleted, or when its commit
 * failed, the upload is not found, and a client sends the file anew.
 */
export async function completedFileId(db: Db, upload: ResumableUpload, now = Date.now()): Promise<number> {
  if (upload.file_id === null) {
    if (upload.locked_until !== null && upload.locked_until > now) throw new Locked('The upload is being completed; ask again shortly');
    throw new NotFound('Upload not found');
  }
  const file = await db
    .selectFrom('files')
    .select('id')
    .where('id', '=', upload.file_id)
    .where('user_id', '=', upload.user_id)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
  if (!file) throw new NotFound('Upload not found');
  return file.id;
}

/** What an upload that completed at its creation (no byte left to send) records, to answer its client's HEAD and PATCH. */
export type CompletedAtCreation = Pick<
  Insertable<ResumableUploadsTable>,
  'user_id' | 'upload_length' | 'file_name' | 'is_public' | 'folder_id' | 'tags' | 'metadata' | 'file_id' | 'link_id' | 'uploader_name'
>;

/** Records an upload that completed at its creation; its id. */
export async function recordCompletedUpload(ctx: DomainContext, upload: CompletedAtCreation): Promise<{ id: string; expiresAt: number }> {
  const id = newUploadId();
  const now = Date.now();
  const expiresAt = now + ctx.settings.resumable.expiryMs;
  await ctx.db
    .insertInto('resumable_uploads')
    .values({
      ...upload,
      id,
      // No object is ever written under this key: the content was already stored.
      storage_key: newObjectKey(),
      upload_offset: upload.upload_length,
      inspection: '',
      store_state: '',
      created_at: now,
      expires_at: expiresAt,
      lock_token: null,
      locked_until: null,
      completed_at: now,
    })
    .execute();
  return { id, expiresAt };
}

export const newUploadId = () => randomBytes(16).toString('hex');

/** These links' unfinished uploads expire now: they no longer count, and the next maintenance pass removes them. */
export async function expireLinkUploads(db: Db, linkIds: number[], now: number): Promise<void> {
  for (const part of chunks(linkIds)) {
    await db.updateTable('resumable_uploads').set({ expires_at: now }).where('link_id', 'in', part).where('completed_at', 'is', null).where('expires_at', '>', now).execute();
  }
}

/** Removes an upload's object and whatever its store keeps for it, then its lease. */
export async function discardUploadObject(
  ctx: DomainContext,
  upload: Pick<ResumableUpload, 'storage_key' | 'store_state'>,
): Promise<void> {
  try {
    await ctx.store.partial.abort(upload.storage_key, upload.store_state);
  } catch (err) {
    // The lease is kept, to expire with the upload: then the stray sweep retries.
    ctx.log.warn({ err, key: upload.storage_key }, 'could not remove an unfinished upload; the sweep will retry');
    return;
  }
  await ctx.db.deleteFrom('object_leases').where('key', '=', upload.storage_key).execute();
}
