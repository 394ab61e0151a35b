import type { Db } from '../../db/index.js';
import type { ResumableUploadsTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import type { DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';

export type ResumableUpload = Selectable<ResumableUploadsTable>;

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The caller's unfinished upload. Another user's, an expired one (its bytes
 * may already be gone) and a malformed id are all simply not found.
 */
export async function ownUpload(db: Db, userId: number, id: string, now = Date.now()): Promise<ResumableUpload> {
  if (!UPLOAD_ID.test(id)) throw new NotFound('Upload not found');
  const row = await db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw new NotFound('Upload not found');
  return row;
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
