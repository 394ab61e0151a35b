import type { Readable } from 'node:stream';
import { isPreviewable } from '@vault/contract';
import type { FileRow } from '../../db/schema.js';
import type { ByteRange } from '../../storage/object-store.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { UnsupportedType } from '../shared/errors.js';
import { recordDownload } from './record-download.js';

export type { ByteRange };

/** A readable file's bytes, opened on demand, whole or one range. */
export interface FileContent {
  file: FileRow;
  /** Who reads, as far as known; null when anonymous. */
  reader: Actor | null;
  size: number;
  /** The content's hash: the same bytes always carry the same one. */
  hash: string;
  read(range?: ByteRange): Promise<Readable>;
  /** Counts one download by `reader` (once per download, not per range). */
  countDownload(): Promise<void>;
}

export interface OpenFileInput {
  fileId: number;
  /** A preview, shown in place: only previewable types. */
  inline: boolean;
}

/**
 * The file's bytes, refused up front when a preview of its type cannot be
 * shown; `detail` says in the audit log how a download reached it (a share link).
 */
export async function contentOf(ctx: DomainContext, reader: Actor | null, file: FileRow, inline: boolean, detail?: string): Promise<FileContent> {
  if (inline && !isPreviewable(file.mime_type)) throw new UnsupportedType('This file type cannot be previewed in the browser');
  const blob = await ctx.db.selectFrom('blobs').select(['storage_key', 'size']).where('hash', '=', file.blob_hash).executeTakeFirstOrThrow();
  return {
    file,
    reader,
    size: Number(blob.size),
    hash: file.blob_hash,
    async read(range) {
      const stream = await ctx.store.get(blob.storage_key, range);
      const started = performance.now();
      const bytes = range ? range.end - range.start + 1 : Number(blob.size);
      // Counted once read to its end; a download the client abandoned sent an unknown part of it.
      stream.once('end', () => ctx.observe.downloaded(bytes, (performance.now() - started) / 1000));
      return stream;
    },
    countDownload: () => recordDownload(ctx, reader, detail === undefined ? { file } : { file, detail }),
  };
}
