import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, FileContent, ObjectSource } from '../domain/files/file-content.js';
import type { ThumbnailContent } from '../domain/thumbnails/open-thumbnail.js';
import { contentDisposition } from './content-disposition.js';
import { parseRange } from './range.js';

export interface SendOptions {
  /** ?inline=1: a preview, shown in place and not counted. */
  inline: boolean;
  /**
   * 'private': never stored by a browser or a proxy (the bytes are someone's own).
   * 'public': anyone may keep a copy but must revalidate it (ETag) before each
   * use, so a file made private again stops being served from caches.
   */
  cache: 'private' | 'public';
  /** Runs before a counted download starts, and may refuse it (a share link's download limit). */
  claim?: () => Promise<void>;
  /** A range counts as a download wherever it starts (where a limit must bound the bytes that leave). */
  countEveryRange?: boolean;
}

const CACHE_CONTROL = { private: 'no-store', public: 'public, no-cache' } as const;

/**
 * The headers every served byte carries: its ETag, how it may be cached, and
 * a policy that keeps it from ever acting as a document of this origin (no
 * scripts, no plugins).
 */
function describeBytes(reply: FastifyReply, etag: string, cache: SendOptions['cache']): void {
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL[cache]).header('content-security-policy', "default-src 'none'; sandbox");
}

/** The client's copy is current: 304 is due. */
const clientIsCurrent = (request: FastifyRequest, etag: string) => request.headers['if-none-match'] === etag;

/**
 * Streams a file with its stored type, a safe Content-Disposition, ETag and
 * single-range support. A download is counted once: not for previews, HEAD,
 * revalidations, or ranges that do not start at byte 0 (unless countEveryRange).
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, content: FileContent, opts: SendOptions) {
  const { file, size } = content;
  const etag = `"${content.hash}"`;
  const ifRange = request.headers['if-range'];
  const asked = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : undefined;
  // Preconditions come before the range (RFC 9110): a client whose copy is current is told so, whatever range it asks.
  const notModified = clientIsCurrent(request, etag);
  if (asked === 'unsatisfiable' && !notModified) {
    return reply.status(416).header('content-range', `bytes */${size}`).send({ error: 'Range not satisfiable' });
  }
  const range = asked === 'unsatisfiable' ? undefined : asked;
  const counted = !notModified && !opts.inline && (!range || range.start === 0 || opts.countEveryRange === true) && request.method !== 'HEAD';
  const opened = counted ? await openCounted(content, range, opts.claim) : undefined;
  reply
    .header('content-type', file.mime_type.startsWith('text/') || file.mime_type === 'application/json' ? `${file.mime_type}; charset=utf-8` : file.mime_type)
    .header('content-disposition', contentDisposition(file.original_name, opts.inline))
    .header('accept-ranges', 'bytes');
  describeBytes(reply, etag, opts.cache);
  if (notModified) return reply.status(304).send();

  const length = range ? range.end - range.start + 1 : size;
  reply.header('content-length', String(length));
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  if (request.method === 'HEAD') return answerHead(reply);

  return sendSource(reply, opened ?? (await content.open(range)));
}

/**
 * The bytes of a counted download, opened before its place is claimed (a share link's download
 * limit) and it is counted, and all before any header: a refusal or a failure answers as an error
 * of its own, and bytes the store cannot serve use up nothing.
 */
async function openCounted(content: FileContent, range: ByteRange | undefined, claim: SendOptions['claim']): Promise<ObjectSource> {
  const source = await content.open(range);
  try {
    await claim?.();
    await content.countDownload();
    return source;
  } catch (err) {
    source.close();
    throw err;
  }
}

/**
 * Hands the response over to `source`: the headers now, then its bytes
 * written straight to the response, so the store may reuse its buffers (see
 * ObjectSource). Fastify sends nothing more (no onSend hooks run; onResponse
 * hooks still do, once it has finished). Past the headers, a failure can only
 * cut the response short, which the source does.
 */
async function sendSource(reply: FastifyReply, source: ObjectSource): Promise<void> {
  const response = sendHeaders(reply);
  try {
    await source.pipeTo(response);
  } catch (err) {
    const error = err as NodeJS.ErrnoException;
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') reply.log.info('download closed by the client');
    else reply.log.warn({ err: error }, 'download cut short by an error');
  }
}

/**
 * Takes the response from Fastify and writes the headers set so far; returns
 * the raw response for what follows them. Fastify's onSend hooks do not run
 * for it (its onResponse hooks do).
 */
export function sendHeaders(reply: FastifyReply): ServerResponse {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.writeHead(reply.statusCode);
  return reply.raw;
}

/**
 * The headers alone, as set: sent through Fastify, an empty answer to a HEAD
 * would claim Content-Length: 0 rather than the GET's length.
 */
export function answerHead(reply: FastifyReply): void {
  sendHeaders(reply).end();
}

/** A thumbnail: small, whole (no ranges), validated by its ETag like a download. */
export async function sendThumbnail(request: FastifyRequest, reply: FastifyReply, thumbnail: ThumbnailContent, cache: SendOptions['cache']) {
  reply.header('content-type', thumbnail.mimeType);
  describeBytes(reply, thumbnail.etag, cache);
  if (clientIsCurrent(request, thumbnail.etag)) return reply.status(304).send();
  reply.header('content-length', String(thumbnail.size));
  if (request.method === 'HEAD') return answerHead(reply);
  return reply.send(await thumbnail.read());
}
