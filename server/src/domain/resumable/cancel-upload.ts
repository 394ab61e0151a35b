import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict, NotFound } from '../shared/errors.js';
import { uploadLeaseMs } from '../../storage/leases.js';
import { UploadLock } from './upload-lock.js';
import { scopeOf, type UploadGateway } from './gateway.js';
import { discardUploadObject, ownUpload } from './uploads.js';

/**
 * DELETE (termination): the caller's unfinished upload (made through `via`, if given) goes, with its bytes;
 * 423 while a request writes to it. A completed upload is a file now, which
 * is deleted as a file (409).
 */
export async function cancelResumableUpload(ctx: DomainContext, actor: Actor, { uploadId, via }: { uploadId: string; via?: UploadGateway }): Promise<void> {
  const upload = await ownUpload(ctx.db, scopeOf(actor.id, via), uploadId);
  if (upload.completed_at !== null) throw new Conflict('The upload is complete: delete its file instead');
  const lock = await UploadLock.take(ctx.db, upload.id, uploadLeaseMs(ctx.settings.uploadIdleMs));
  const gone = await ctx.db
    .deleteFrom('resumable_uploads')
    .where('id', '=', upload.id)
    .where('lock_token', '=', lock.token)
    .where('completed_at', 'is', null)
    .returning(['storage_key', 'store_state'])
    .executeTakeFirst();
  if (!gone) {
    await lock.release();
    throw new NotFound('Upload not found');
  }
  await discardUploadObject(ctx, gone);
}
