import { Readable } from 'node:stream';
import { extensionOf, sentence, type FileItem, type ResumableMetadata } from '@vault/contract';
import { ownedFolder } from '../access/rules.js';
import { quotaBytesOf } from '../accounts/users.js';
import { NameTaken, normalizeFileName } from '../files/names.js';
import { fileNamed } from '../shared/sibling-names.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Forbidden } from '../shared/errors.js';
import { fitsAsNew } from '../shared/quota.js';
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
import type { UploadGateway } from './gateway.js';
import { newUploadId, recordCompletedUpload } from './uploads.js';

export interface NewUpload {
  /** Upload-Length: the whole file's size, declared up front. */
  length: number;
  metadata: ResumableMetadata;
  /** The Upload-Metadata header as sent, to be echoed back. */
  rawMetadata: string;
  /** The link a visitor sends it through: the upload is then reachable through that link alone. */
  via?: UploadGateway;
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
 * the number of those (403). Through a link, the link's own rules too, and
 * the number of unfinished uploads is counted per link, apart from the
 * caller's own; a visitor never completes at once by a SHA-256 (that would
 * tell whether the owner holds the content). The object is started and leased until the
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
  const { metadata, length, via } = input;
  const name = normalizeFileName(metadata.filename);
  const ext = acceptedExtension(extensionOf(name), ctx.settings.allowedTypes);
  if (length > ctx.settings.maxFileBytes) throw new StorageError('too_large', { limitBytes: ctx.settings.maxFileBytes });
  if (metadata.folder_id !== null) await ownedFolder(ctx.db, actor.id, metadata.folder_id);
  const options = { isPublic: metadata.is_public, folderId: metadata.folder_id, tags: metadata.tags, onConflict: metadata.on_conflict };
  // Refused now rather than after every byte; the upload's commit looks again (and applies the other choices).
  if (options.onConflict === 'fail' && (await fileNamed(ctx.db, actor.id, options.folderId, name))) throw new NameTaken(name);
  const wayIn = { link_id: via?.linkId ?? null, uploader_name: via?.uploaderName ?? null };
  const completed = async (file: FileItem): Promise<CreatedUpload> => {
    const row = { user_id: actor.id, upload_length: length, file_name: name, is_public: options.isPublic ? 1 : 0, folder_id: options.folderId, ...wayIn };
    const recorded = await recordCompletedUpload(ctx, { ...row, tags: JSON.stringify(options.tags), metadata: input.rawMetadata, file_id: file.id });
    await via?.committed(file.id);
    return { kind: 'complete', ...recorded, file };
  };

  if (metadata.sha256 !== undefined && !via) {
    const file = await commitOwnedContent(ctx, actor, name, { hash: metadata.sha256, size: length }, options);
    if (file) return completed(file);
  }
  if (length === 0) {
    const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
    const object = await ingest(ctx.store, Readable.from([]), ext, { maxBytes: 0, budgetBytes: 0 }, leases);
    return completed(await commitUpload(ctx, actor, { name, object, options: { ...options, ...via?.commitOptions(wayIn) }, leases }));
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
        .select((eb) => [
          // Each way in has its own slots: visitors never use up the owner's.
          eb.fn.sum<number>(eb.case().when('link_id', via ? '=' : 'is', wayIn.link_id).then(1).else(0).end()).as('count'),
          eb.fn.sum<number>('upload_length').as('bytes'),
        ])
        .where('user_id', '=', actor.id)
        .where('expires_at', '>', now)
        // Until its file is committed: an upload completing (an S3 object being assembled) is charged only by its commit.
        .where('file_id', 'is', null)
        .executeTakeFirstOrThrow();
      const { maxPending } = ctx.settings.resumable;
      if (Number(pending.count ?? 0) >= maxPending) {
        throw new Forbidden(sentence(via ? 'pendingLinkUploadsFull' : 'pendingUploadsFull', { max: maxPending }));
      }
      await via?.admit(trx, length, now);
      // Uploads still unfinished count as if they had arrived, each as new content.
      await fitsAsNew(trx, actor.id, Number(pending.bytes ?? 0) + length, (user) => quotaBytesOf(ctx, user));
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
          ...wayIn,
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
