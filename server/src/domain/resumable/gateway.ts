import type { Db } from '../../db/index.js';
import type { UploadOptions } from '../uploads/commit-upload.js';
import type { ResumableUpload, UploadScope } from './uploads.js';

/**
 * The way in of an upload that is not the signed-in user's own: a visitor's,
 * through a link of the user's. The files, the quota and the activity stay the
 * user's (the verbs' actor); the upload is reachable through this link only,
 * and the link adds its own rules to the creation and to the commit.
 */
export interface UploadGateway {
  linkId: number;
  /** The name the visitor gave (recorded with a new upload). */
  uploaderName: string | null;
  /**
   * Checked in the creation's transaction, under the user's lock: refuses an
   * upload the link does not take now, counting its other unfinished uploads.
   */
  admit(trx: Db, length: number, now: number): Promise<void>;
  /** What the link adds to the upload's commit: its checks inside the transaction and how the upload reads in the activity. */
  commitOptions(upload: Pick<ResumableUpload, 'uploader_name'>): Pick<UploadOptions, 'within' | 'via' | 'admitAsNew'>;
  /** The upload became a file. */
  committed(fileId: number): Promise<void>;
}

export const scopeOf = (userId: number, via: UploadGateway | undefined): UploadScope => ({ userId, linkId: via?.linkId ?? null });
