import { Readable } from 'node:stream';
import { extensionOf, type FileItem, type ResumableMetadata } from '@vault/contract';
import { ownedFolder } from '../access/rules.js';
import { quotaBytesOf } from '../accounts/users.js';
import { NameTaken, normalizeFileName } from '../files/names.js';
import { fileNamed } from '../shared/sibling-names.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Forbidden, QuotaExceeded } from '../shared/errors.js';
import { lockUser } from '../shared/locks.js';
import { acceptedExtension } from '../../storage/content-rules.js';
import { ResumableInspection } from '../../storage/inspection.js';
import { newObjectKey } from '../../storage/keys.js';
import { LeaseKeeper, uploadLeaseMs } from '../../storage/leases.js';
import { commitUpload } from '../uploads/commit-upload.js';
import { commitOwnedContent } from './instant-upload.js';
import { StorageError } from '../../storage/errors.js';
import { ingest } from '../../storage/ingest.js';
import { asDomainError } from '../uploads/refusals.js';
import { newUploadId, recordCompletedUpload } from './uploads.js';

export interface NewUpload {
  /** Upload-Length: the whole file's size, declared up front. */
  length: number;
  metadata: ResumableMetadata;
  /** The Upload-Metadata header as sent, to be echoed back. */
  rawMetadata: string;
}

export type CreatedUpload =
  | { kind: 'pending'; id: string; expiresAt: number }
  /** Nothing was left to send: empty content, or content the caller already owns. The upload is recorded as complete. */
  | { kind: 'complete'; id: string; expiresAt: number; file: FileItem };

/**
 * Starts a resumable upload, refusing everything that can be known before a
 * byte is sent: the name and extension, the folder, the tags, a name taken
 * in the folder (409, unless on_conflict renames or versions), the size limit
 * (413), the quota counting the caller's other unfinished uploads (507) and
 * the number of those (403). The object is started and leased until the
 * upload expires, so the stray sweep never takes it while the client may
 * still come back.
 */
export async function createResumableUpload(ctx: DomainContext, actor: Actor, input: NewUpload): Promise<CreatedUpload> {
  try {
    return await create(ctx, actor, input);
  } catch (err) {
    throw asDomainError(err, ctx.settings.allowedTypes);
  }
}

async function create(ctx: DomainContext, actor: Actor, input: NewUpload): Promise<CreatedUpload> {
  const { metadata, length } = input;
  const name = normalizeFileName(metadata.filename);
  const ext = acceptedExtension(extensionOf(name), ctx.settings.allowedTypes);
  if (length > ctx.settings.maxFileBytes) throw new StorageError('too_large', { limitBytes: ctx.settings.maxFileBytes });
  if (metadata.folder_id !== null) await ownedFolder(ctx.db, actor.id, metadata.folder_id);
  const options = { isPublic: metadata.is_public, folderId: metadata.folder_id, tags: metadata.tags, onConflict: metadata.on_conflict };
  // Refused now rather than after every byte; the upload's commit looks again (and applies the other choices).
  if (options.onConflict === 'fail' && (await fileNamed(ctx.db, actor.id, options.folderId, name))) throw new NameTaken(name);
  const completed = async (file: FileItem): Promise<CreatedUpload> => {
    const row = { user_id: actor.id, upload_length: length, file_name: name, is_public: options.isPublic ? 1 : 0, folder_id: options.folderId };
    const recorded = await recordCompletedUpload(ctx, { ...row, tags: JSON.stringify(options.tags), metadata: input.rawMetadata, file_id: file.id });
    return { kind: 'complete', ...recorded, file };
  };

  if (metadata.sha256 !== undefined) {
    const file = await commitOwnedContent(ctx, actor, name, { hash: metadata.sha256, size: length }, options);
    if (file) return completed(file);
  }
  if (length === 0) {
    const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
    const object = await ingest(ctx.store, Readable.from([]), ext, { maxBytes: 0, budgetBytes: 0 }, leases);
    return completed(await commitUpload(ctx, actor, { name, object, options, leases }));
  }

  const now = Date.now();
  const expiresAt = now + ctx.settings.resumable.expiryMs;
  const key = newObjectKey();
  const leases = new LeaseKeeper(ctx, expiresAt - now);
  await leases.hold(key);
  let storeState: string;
  try {
    storeState = await ctx.store.partial.start(key);
  } catch (err) {
    await leases.release(key);
    throw err;
  }
  const id = newUploadId();
  const inspection = ResumableInspection.initial(ext);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, ctx.dialect, actor.id);
      const pending = await trx
        .selectFrom('resumable_uploads')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('upload_length').as('bytes')])
        .where('user_id', '=', actor.id)
        .where('expires_at', '>', now)
        .where('completed_at', 'is', null)
        .executeTakeFirstOrThrow();
      const { maxPending } = ctx.settings.resumable;
      if (Number(pending.count) >= maxPending) {
        throw new Forbidden(`At most ${maxPending} unfinished uploads at a time: finish or cancel one first`);
      }
      const user = await trx.selectFrom('users').select(['storage_quota_bytes', 'used_bytes']).where('id', '=', actor.id).executeTakeFirstOrThrow();
      if (Number(user.used_bytes) + Number(pending.bytes ?? 0) + length > quotaBytesOf(ctx, user)) throw new QuotaExceeded();
      await trx
        .insertInto('resumable_uploads')
        .values({
          id,
          user_id: actor.id,
          storage_key: key,
          upload_length: length,
          upload_offset: 0,
          file_name: name,
          is_public: options.isPublic ? 1 : 0,
          folder_id: options.folderId,
          tags: JSON.stringify(options.tags),
          on_conflict: options.onConflict,
          metadata: input.rawMetadata,
          inspection,
          store_state: storeState,
          created_at: now,
          expires_at: expiresAt,
          lock_token: null,
          locked_until: null,
          completed_at: null,
          file_id: null,
        })
        .execute();
    });
  } catch (err) {
    await ctx.store.partial.abort(key, storeState).catch(() => undefined);
    await leases.release(key);
    throw err;
  }
  return { kind: 'pending', id, expiresAt };
}
