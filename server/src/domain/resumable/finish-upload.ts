import type { FileItem } from '@vault/contract';
import type { Actor, DomainContext } from '../shared/context.js';
import type { ResumableInspection } from '../../storage/inspection.js';
import type { LeaseKeeper } from '../../storage/leases.js';
import { commitUpload } from '../uploads/commit-upload.js';
import { asDomainError } from '../uploads/refusals.js';
import type { UploadGateway } from './gateway.js';
import type { UploadLock } from './upload-lock.js';
import { discardUploadObject, type ResumableUpload } from './uploads.js';

/**
 * Every byte is in, and the upload's row is marked complete (by the write
 * that recorded the last byte, under the lock, so exactly one request
 * finishes it): the object is completed in the store and becomes a file
 * through the same commit as a one-request upload — quota, dedup, file row,
 * tags, activity, event, and the rules of the link it came through. The row then names the file, for a client that
 * missed the reply. The object stays leased until that commit takes the
 * lease; if anything fails, the row goes, and the object with its lease.
 */
export async function finishResumableUpload(
  ctx: DomainContext,
  actor: Actor,
  upload: ResumableUpload,
  lock: UploadLock,
  inspection: ResumableInspection,
  leases: LeaseKeeper,
  via?: UploadGateway,
): Promise<number> {
  const forget = () => ctx.db.deleteFrom('resumable_uploads').where('id', '=', upload.id).where('lock_token', '=', lock.token).execute();
  let content: Awaited<ReturnType<ResumableInspection['finish']>>;
  try {
    content = await inspection.finish();
    await ctx.store.partial.complete(upload.storage_key, upload.store_state);
  } catch (err) {
    await forget();
    await discardUploadObject(ctx, upload);
    throw asDomainError(err, ctx.settings.allowedTypes);
  }
  const options = {
    isPublic: upload.is_public === 1,
    folderId: upload.folder_id,
    tags: JSON.parse(upload.tags) as string[],
    onConflict: upload.on_conflict,
    ...via?.commitOptions(upload),
  };
  // Durable already: every checkpoint synced its bytes, and completing an S3 upload stores it.
  const object = { key: upload.storage_key, size: upload.upload_length, durable: true, ...content };
  let file: FileItem;
  try {
    file = await commitUpload(ctx, actor, { name: upload.file_name, object, options, leases });
  } catch (err) {
    // The commit removed the object.
    await forget();
    throw err;
  }
  await ctx.db.updateTable('resumable_uploads').set({ file_id: file.id }).where('id', '=', upload.id).where('lock_token', '=', lock.token).execute();
  await via?.committed(file.id);
  return file.id;
}
