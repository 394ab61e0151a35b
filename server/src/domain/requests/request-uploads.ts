import { sentence, type FileRequestUploadMetadata } from '@vault/contract';
import type { LinkRow } from '../../db/schema.js';
import type { DomainContext } from '../shared/context.js';
import { Forbidden, TooLarge } from '../shared/errors.js';
import { LinkRefused } from '../links/refusals.js';
import { linkState, refusalOf } from '../links/state.js';
import { appendToUpload, type Append, type AppendResult } from '../resumable/append-upload.js';
import { cancelResumableUpload } from '../resumable/cancel-upload.js';
import { createResumableUpload, type CreatedUpload } from '../resumable/create-upload.js';
import type { UploadGateway } from '../resumable/gateway.js';
import { resumableUploadStatus, type UploadStatus } from '../resumable/upload-status.js';
import { announceArrivals, ownerActor, requestCommitOptions, VISITOR_ON_CONFLICT, visitorName } from './receive-upload.js';

/**
 * A file request as the way in of a visitor's resumable uploads: the owner's
 * files and quota, the request's folder and limits, and the owner told of
 * each arrival. `link` is the open request the visitor reached (see openLink).
 */
function requestGateway(ctx: DomainContext, link: LinkRow, uploaderName: string | null = null): UploadGateway {
  return {
    linkId: link.id,
    uploaderName,
    admit: async (trx, length, now) => {
      // Read again under the owner's lock: what the request has taken meanwhile counts.
      const current = await trx.selectFrom('links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
      const refusal = refusalOf(linkState(current, now));
      if (refusal) throw new LinkRefused(refusal);
      // Uploads still on their way (or being committed) count as if they had arrived.
      const coming = await trx
        .selectFrom('resumable_uploads')
        .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('upload_length').as('bytes')])
        .where('link_id', '=', link.id)
        .where('expires_at', '>', now)
        .where('file_id', 'is', null)
        .executeTakeFirstOrThrow();
      if (current.max_files !== null && current.files_received + Number(coming.files) >= current.max_files) {
        throw new Forbidden(sentence('requestUploadsUnfinished'));
      }
      if (current.max_bytes !== null && Number(current.bytes_received) + Number(coming.bytes ?? 0) + length > Number(current.max_bytes)) {
        throw new TooLarge(sentence('requestFileTooLarge'));
      }
    },
    commitOptions: (upload) => requestCommitOptions(link, upload.uploader_name),
    committed: (fileId) => announceArrivals(ctx, link, [{ id: fileId }]),
  };
}

/**
 * POST /api/r/{token}/uploads: a visitor starts a resumable upload into the
 * request's folder, refused before a byte when the request, the type rules,
 * the size limit or the owner's quota would refuse the file.
 */
export async function createRequestUpload(
  ctx: DomainContext,
  link: LinkRow,
  input: { length: number; metadata: FileRequestUploadMetadata; rawMetadata: string },
): Promise<CreatedUpload> {
  const { filename, uploader_name } = input.metadata;
  const via = requestGateway(ctx, link, visitorName(uploader_name ?? ''));
  return createResumableUpload(ctx, await ownerActor(ctx, link), {
    length: input.length,
    rawMetadata: input.rawMetadata,
    // Private and untagged, in the request's folder; never by a SHA-256.
    metadata: { filename, is_public: false, folder_id: link.folder_id, tags: [], on_conflict: VISITOR_ON_CONFLICT, sha256: undefined },
    via,
  });
}

/** HEAD /api/r/{token}/uploads/{id}: how far a visitor's upload through this request has come. */
export async function requestUploadStatus(ctx: DomainContext, link: LinkRow, { uploadId }: { uploadId: string }): Promise<UploadStatus> {
  return resumableUploadStatus(ctx, await ownerActor(ctx, link), { uploadId, via: requestGateway(ctx, link) });
}

/** PATCH /api/r/{token}/uploads/{id}: a visitor's bytes; the last one commits the file under the request's rules. */
export async function appendToRequestUpload(ctx: DomainContext, link: LinkRow, append: Omit<Append, 'via'>): Promise<AppendResult> {
  return appendToUpload(ctx, await ownerActor(ctx, link), { ...append, via: requestGateway(ctx, link) });
}

/** DELETE /api/r/{token}/uploads/{id}: a visitor gives up an unfinished upload. */
export async function cancelRequestUpload(ctx: DomainContext, link: LinkRow, { uploadId }: { uploadId: string }): Promise<void> {
  return cancelResumableUpload(ctx, await ownerActor(ctx, link), { uploadId, via: requestGateway(ctx, link) });
}
