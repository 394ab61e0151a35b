import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { ObjectStore } from './object-store.js';

export interface ExpectedContent {
  /** SHA-256, lower-case hex: a blob's name. */
  hash: string;
  size: number;
}

export class ContentMismatch extends Error {}

/**
 * Streams one object from a store into another (under `toKey`), hashing it on
 * the way; a copy whose SHA-256 or size differs from `expected` is deleted
 * again and the copy fails.
 */
export async function copyVerified(from: ObjectStore, fromKey: string, to: ObjectStore, toKey: string, expected: ExpectedContent): Promise<void> {
  const hash = createHash('sha256');
  const hasher = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const source = await from.get(fromKey);
  source.on('error', (err) => hasher.destroy(err));
  const { size } = await to.put(toKey, source.pipe(hasher));
  const digest = hash.digest('hex');
  if (digest !== expected.hash || size !== Number(expected.size)) {
    await to.delete(toKey);
    throw new ContentMismatch(`Object ${fromKey} does not match its hash ${expected.hash} (got ${digest}, ${size} bytes)`);
  }
}
