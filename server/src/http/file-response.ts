import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPreviewable } from '@vault/contract';
import type { FileRow } from '../db/schema.js';
import type { DomainContext } from '../domain/shared/context.js';
import { UnsupportedType } from '../domain/shared/errors.js';
import { recordDownload } from '../domain/files/files.js';
import { contentDisposition } from './content-disposition.js';
import { parseRange } from './range.js';

export interface SendOptions {
  /** ?inline=1: a preview, shown in place and not counted. */
  inline: boolean;
  /** Who downloads, for the audit log; null when anonymous. */
  userId: number | null;
  /**
   * 'private': never stored by a browser or a proxy (the bytes are someone's own).
   * 'public': anyone may keep a copy but must revalidate it (ETag) before each
   * use, so a file made private again stops being served from caches.
   */
  cache: 'private' | 'public';
  /** Runs before a counted download starts, and may refuse it (a share link's download limit). */
  claim?: () => Promise<void>;
  /** How the download reads in the audit log (e.g. the share link it came through). */
  detail?: string;
}

const CACHE_CONTROL = { private: 'no-store', public: 'public, no-cache' } as const;

/**
 * Streams a file with its stored type, a safe Content-Disposition, ETag and
 * single-range support. A download is counted once: not for previews, HEAD,
 * revalidations, or ranges that do not start at byte 0.
 */
export async function sendFile(ctx: DomainContext, request: FastifyRequest, reply: FastifyReply, row: FileRow, opts: SendOptions) {
  if (opts.inline && !isPreviewable(row.mime_type)) throw new UnsupportedType('This file type cannot be previewed in the browser');
  const blob = await ctx.db.selectFrom('blobs').select(['storage_key', 'size']).where('hash', '=', row.blob_hash).executeTakeFirstOrThrow();
  const size = Number(blob.size);
  const etag = `"${row.blob_hash}"`;
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send({ error: 'Range not satisfiable' });
  }
  const notModified = request.headers['if-none-match'] === etag;
  const counted = !notModified && !opts.inline && (!range || range.start === 0) && request.method !== 'HEAD';
  // Before any header: a refused claim answers as an error of its own.
  if (counted) await opts.claim?.();
  reply
    .header('content-type', row.mime_type.startsWith('text/') || row.mime_type === 'application/json' ? `${row.mime_type}; charset=utf-8` : row.mime_type)
    .header('content-disposition', contentDisposition(row.original_name, opts.inline))
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL[opts.cache])
    // Served bytes are never a document of this origin: no scripts, no plugins.
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (notModified) return reply.status(304).send();

  const length = range ? range.end - range.start + 1 : size;
  reply.header('content-length', String(length));
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  if (request.method === 'HEAD') return reply.send();

  const stream = await ctx.store.get(blob.storage_key, range);
  if (counted) await recordDownload(ctx, opts.userId, row, opts.detail);
  return reply.send(stream);
}
