import type { Readable } from 'node:stream';
import { hasThumbnail, THUMBNAIL_EDGE } from '@vault/contract';
import { publicFile, readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { UnsupportedType } from '../shared/errors.js';
import { THUMBNAIL_TYPE, Unrenderable } from './render-thumbnail.js';
import { thumbnailObject } from './thumbnail-object.js';

export interface ThumbnailContent {
  mimeType: string;
  size: number;
  /** The same picture always carries the same one, and never a download's. */
  etag: string;
  read(): Promise<Readable>;
}

/**
 * The thumbnail of a file the caller may read (anonymous callers: public
 * files), under the download's rule: anything else is "not found". Types
 * without thumbnails, and pictures that cannot be read or are too large, are
 * refused as unsupported.
 */
export async function openThumbnail(ctx: DomainContext, actor: Actor | undefined, input: { fileId: number }): Promise<ThumbnailContent> {
  const file = actor ? await readableFile(ctx.db, viewerOf(actor), input.fileId) : await publicFile(ctx.db, input.fileId);
  if (!hasThumbnail(file.mime_type)) throw new UnsupportedType('This file type has no thumbnail');
  try {
    const stored = await thumbnailObject(ctx, { hash: file.blob_hash, mimeType: file.mime_type, ownerId: file.user_id });
    return {
      mimeType: THUMBNAIL_TYPE,
      size: stored.size,
      etag: `"${file.blob_hash}-${THUMBNAIL_EDGE}"`,
      read: () => ctx.store.get(stored.storage_key),
    };
  } catch (err) {
    if (err instanceof Unrenderable) throw new UnsupportedType('This file cannot be shown as a thumbnail');
    throw err;
  }
}
