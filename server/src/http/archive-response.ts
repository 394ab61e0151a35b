import type { FastifyReply } from 'fastify';
import type { Archive } from '../domain/downloads/archives.js';
import { zipStream } from '../domain/downloads/zip.js';
import type { DomainContext } from '../domain/shared/context.js';
import { contentDisposition } from './content-disposition.js';

/** Streams an archive as it is built: no length known in advance, never stored by a cache. */
export function sendArchive(ctx: DomainContext, reply: FastifyReply, archive: Archive) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(archive.name, false))
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(zipStream(ctx.store, archive.content));
}
