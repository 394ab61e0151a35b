import type { Actor, DomainContext } from '../shared/context.js';
import { ownUpload } from './uploads.js';

export interface UploadStatus {
  offset: number;
  length: number;
  metadata: string;
  expiresAt: number;
}

/** HEAD: how far the caller's upload has come, as last saved. */
export async function resumableUploadStatus(ctx: DomainContext, actor: Actor, { uploadId }: { uploadId: string }): Promise<UploadStatus> {
  const upload = await ownUpload(ctx.db, actor.id, uploadId);
  return { offset: upload.upload_offset, length: upload.upload_length, metadata: upload.metadata, expiresAt: upload.expires_at };
}
