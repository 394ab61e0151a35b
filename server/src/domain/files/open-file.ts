import type { Readable } from 'node:stream';
import { isPreviewable } from '@vault/contract';
import type { FileRow } from '../../db/schema.js';
import type { ByteRange } from '../../storage/object-store.js';
import { publicFile, readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import { authenticateDownload } from '../accounts/sessions.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Unauthorized, UnsupportedType } from '../shared/errors.js';
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

/** The content of a file whose reading was already allowed; `detail` says in the audit log how it was reached. */
export async function contentOf(ctx: DomainContext, reader: Actor | null, file: FileRow, inline: boolean, detail?: string): Promise<FileContent> {
  if (inline && !isPreviewable(file.mime_type)) throw new UnsupportedType('This file type cannot be previewed in the browser');
  const blob = await ctx.db.selectFrom('blobs').select(['storage_key', 'size']).where('hash', '=', file.blob_hash).executeTakeFirstOrThrow();
  return {
    file,
    reader,
    size: Number(blob.size),
    hash: file.blob_hash,
    read: (range) => ctx.store.get(blob.storage_key, range),
    countDownload: () => recordDownload(ctx, reader, detail === undefined ? { file } : { file, detail }),
  };
}

/**
 * A file the caller may read. A caller without a session may bring a
 * download token instead: one minted for this very file by a session that is
 * still open (ending the session ends its tokens).
 */
export async function openFile(ctx: DomainContext, actor: Actor | undefined, input: OpenFileInput & { downloadToken?: string | undefined }): Promise<FileContent> {
  const reader = actor ?? (input.downloadToken ? await authenticateDownload(ctx, input.downloadToken, input.fileId) : undefined);
  if (!reader) throw new Unauthorized();
  return contentOf(ctx, reader, await readableFile(ctx.db, viewerOf(reader), input.fileId), input.inline);
}

/** A public file, for anyone; a signed-in reader is named in the audit log. */
export async function openPublicFile(ctx: DomainContext, actor: Actor | undefined, input: OpenFileInput): Promise<FileContent> {
  return contentOf(ctx, actor ?? null, await publicFile(ctx.db, input.fileId), input.inline);
}
