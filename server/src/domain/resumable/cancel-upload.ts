import type { Actor, DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { uploadLeaseMs } from '../../storage/leases.js';
import { UploadLock } from './upload-lock.js';
import { discardUploadObject, ownUpload } from './uploads.js';

/** DELETE (termination): the caller's unfinished upload goes, with its bytes; 423 while a request writes to it. */
export async function cancelResumableUpload(ctx: DomainContext, actor: Actor, { uploadId }: { uploadId: string }): Promise<void> {
  const upload = await ownUpload(ctx.db, actor.id, uploadId);
  const lock = await UploadLock.take(ctx.db, upload.id, uploadLeaseMs(ctx.settings.uploadIdleMs));
  const gone = await ctx.db
    .deleteFrom('resumable_uploads')
    .where('id', '=', upload.id)
    .where('lock_token', '=', lock.token)
    .returning(['storage_key', 'store_state'])
    .executeTakeFirst();
  if (!gone) throw new NotFound('Upload not found');
  await discardUploadObject(ctx, gone);
}
