import { isPreviewable, sentence } from '@vault/contract';
import type { FileRow } from '../../db/schema.js';
import type { ByteRange, ObjectSource } from '../../storage/object-store.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { UnsupportedType } from '../shared/errors.js';
import type { DownloadAudit } from '../shared/activity.js';
import { recordDownload } from './record-download.js';

export type { ByteRange, ObjectSource };

/** A readable file's bytes, opened on demand, whole or one range. */
export interface FileContent {
  file: FileRow;
  /** Who reads, as far as known; null when anonymous. */
  reader: Actor | null;
  size: number;
  /** The content's hash: the same bytes always carry the same one. */
  hash: string;
  /** Opens the bytes to be sent to a socket; rejects when they cannot be read. */
  open(range?: ByteRange): Promise<ObjectSource>;
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
 * shown; `audit` says in the audit log how a download reached it (a version, a share link).
 */
export async function contentOf(
  ctx: DomainContext,
  reader: Actor | null,
  file: FileRow,
  inline: boolean,
  audit: Partial<DownloadAudit> = {},
): Promise<FileContent> {
  if (inline && !isPreviewable(file.mime_type)) throw new UnsupportedType(sentence('previewUnsupported'));
  const blob = await ctx.db.selectFrom('blobs').select(['storage_key', 'size']).where('hash', '=', file.blob_hash).executeTakeFirstOrThrow();
  return {
    file,
    reader,
    size: Number(blob.size),
    hash: file.blob_hash,
    async open(range) {
      const source = await ctx.store.open(blob.storage_key, range);
      const bytes = range ? range.end - range.start + 1 : Number(blob.size);
      return {
        close: () => source.close(),
        async pipeTo(destination) {
          const started = performance.now();
          await source.pipeTo(destination);
          // Counted once sent to its end; a download the client abandoned sent an unknown part of it.
          ctx.observe.downloaded(bytes, (performance.now() - started) / 1000);
        },
      };
    },
    countDownload: () => recordDownload(ctx, reader, file, { detail: audit.detail ?? null, via: audit.via ?? null }),
  };
}
