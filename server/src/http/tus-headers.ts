import type { FastifyReply, FastifyRequest } from 'fastify';
import { TUS_CHECKSUM_ALGORITHMS, TUS_EXTENSIONS, TUS_VERSION, type ChecksumAlgorithm } from '@vault/contract';
import { Invalid } from '../domain/shared/errors.js';

/** Upload-Metadata: comma-separated `key base64value` pairs (the value may be absent). */
export function decodeMetadata(header: string | undefined): Record<string, string> {
  // A Map, not an object's keys: a key may be any name, "__proto__" and "toString" too.
  const out = new Map<string, string>();
  if (header === undefined || header.trim() === '') return {};
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !/^[\x21-\x7e]+$/.test(key) || (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))) {
      throw new Invalid('Upload-Metadata is malformed');
    }
    if (out.has(key)) throw new Invalid(`Upload-Metadata names ${key.slice(0, 50)} twice`);
    out.set(key, value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8'));
  }
  return Object.fromEntries(out);
}

/** A byte count header (Upload-Length, Upload-Offset): a whole number, not negative. */
export function byteCount(request: FastifyRequest, name: string): number {
  const value = request.headers[name];
  if (typeof value !== 'string' || !/^\d{1,16}$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new Invalid(`${name} must be a whole number of bytes`);
  }
  return Number(value);
}

/**
 * Upload-Checksum: `<algorithm> <base64 digest>`, the digest of the PATCH's
 * bytes; undefined when absent. An algorithm not supported here is refused (400).
 */
export function uploadChecksum(request: FastifyRequest): { algorithm: ChecksumAlgorithm; digest: Buffer } | undefined {
  const value = request.headers['upload-checksum'];
  if (value === undefined) return undefined;
  const [algorithm, digest, ...rest] = typeof value === 'string' ? value.trim().split(' ') : [];
  if (!TUS_CHECKSUM_ALGORITHMS.includes(algorithm as ChecksumAlgorithm)) {
    throw new Invalid(`Upload-Checksum must name one of ${TUS_CHECKSUM_ALGORITHMS.join(', ')}`);
  }
  if (!digest || rest.length > 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(digest)) throw new Invalid('Upload-Checksum must be an algorithm and a base64 digest');
  return { algorithm: algorithm as ChecksumAlgorithm, digest: Buffer.from(digest, 'base64') };
}

/**
 * Every request but OPTIONS names the protocol version it speaks; another
 * version is refused with 412 and the one spoken here. Returns whether the
 * request may go on.
 */
export function speaksTus(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method === 'OPTIONS' || request.headers['tus-resumable'] === TUS_VERSION) return true;
  void reply.status(412).header('tus-version', TUS_VERSION).send({ error: `Tus-Resumable must be ${TUS_VERSION}` });
  return false;
}

export function describeServer(reply: FastifyReply, maxBytes: number): FastifyReply {
  return reply
    .header('tus-version', TUS_VERSION)
    .header('tus-extension', TUS_EXTENSIONS.join(','))
    .header('tus-checksum-algorithm', TUS_CHECKSUM_ALGORITHMS.join(','))
    .header('tus-max-size', String(maxBytes));
}

export const httpDate = (epochMs: number) => new Date(epochMs).toUTCString();
