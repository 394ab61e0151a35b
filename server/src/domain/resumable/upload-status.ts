import type { Actor, DomainContext } from '../shared/context.js';
import { scopeOf, type UploadGateway } from './gateway.js';
import { completedFileId, ownUpload } from './uploads.js';

export interface UploadStatus {
  offset: number;
  length: number;
  metadata: string;
  expiresAt: number;
  /** A completed upload's file. */
  fileId?: number;
}

/** HEAD: how far the caller's upload (made through `via`, if given) has come, as last saved; a completed one names its file. */
export async function resumableUploadStatus(ctx: DomainContext, actor: Actor, { uploadId, via }: { uploadId: string; via?: UploadGateway }): Promise<UploadStatus> {
  const upload = await ownUpload(ctx.db, scopeOf(actor.id, via), uploadId);
  const status = { offset: upload.upload_offset, length: upload.upload_length, metadata: upload.metadata, expiresAt: upload.expires_at };
  if (upload.completed_at === null) return status;
  return { ...status, offset: upload.upload_length, fileId: await completedFileId(ctx.db, upload) };
}
