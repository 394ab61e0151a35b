import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ArchiveDownload } from '../domain/downloads/archives.js';
import { zipStream } from '../domain/downloads/zip.js';
import { contentDisposition } from './content-disposition.js';
import { answerHead } from './file-response.js';

/**
 * Streams an archive as it is built: no length known in advance, never stored
 * by a cache. A download is counted as it starts; a HEAD is answered with the
 * headers alone, counts nothing and reads no file.
 */
export async function sendArchive(request: FastifyRequest, reply: FastifyReply, archive: ArchiveDownload) {
  const head = request.method === 'HEAD';
  // Before any header: a refused claim answers as an error of its own.
  if (!head) await archive.countDownload();
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(archive.name, false))
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; sandbox");
  // Sent through Fastify, a HEAD without a body would claim Content-Length: 0, which the zip is not.
  if (head) return answerHead(reply);
  return reply.send(zipStream(request.ctx.store, archive.entries));
}
