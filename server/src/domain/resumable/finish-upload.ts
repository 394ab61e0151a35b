import type { FileItem } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';
import type { ResumableInspection } from '../../storage/inspection.js';
import type { LeaseKeeper } from '../../storage/leases.js';
import { commitUpload } from '../uploads/commit-upload.js';
import { asDomainError } from '../uploads/refusals.js';
import type { UploadLock } from './upload-lock.js';
import { discardUploadObject, type ResumableUpload } from './uploads.js';

/**
 * Every byte is in: the upload's row goes (under the lock, so exactly one
 * request finishes it), the object is completed in the store and becomes a
 * file through the same commit as a one-request upload — quota, dedup, file
 * row, tags, activity, event. The object stays leased until that commit takes
 * the lease; if anything fails, the object and its lease go with the row.
 */
export async function finishResumableUpload(
  ctx: DomainContext,
  actor: Actor,
  upload: ResumableUpload,
  lock: UploadLock,
  inspection: ResumableInspection,
  leases: LeaseKeeper,
): Promise<FileItem> {
  const claimed = await ctx.db
    .deleteFrom('resumable_uploads')
    .where('id', '=', upload.id)
    .where('lock_token', '=', lock.token)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw new Conflict('The upload was cancelled while its last bytes arrived');
  let content: Awaited<ReturnType<ResumableInspection['finish']>>;
  try {
    content = await inspection.finish();
    await ctx.store.partial.complete(upload.storage_key, upload.store_state);
  } catch (err) {
    await discardUploadObject(ctx, upload);
    throw asDomainError(err, ctx.settings.allowedTypes);
  }
  const options = { isPublic: upload.is_public === 1, folderId: upload.folder_id, tags: JSON.parse(upload.tags) as string[], onConflict: upload.on_conflict };
  // Durable already: every checkpoint synced its bytes, and completing an S3 upload stores it.
  const object = { key: upload.storage_key, size: upload.upload_length, durable: true, ...content };
  return commitUpload(ctx, actor, { name: upload.file_name, object, options, leases });
}
