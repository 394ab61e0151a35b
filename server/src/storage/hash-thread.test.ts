import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ThreadedSha256 } from './hash-thread.js';

const MIB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Feeds `chunks` in order, waiting whenever the hash asks to. */
async function hashed(chunks: Buffer[]): Promise<string> {
  const hash = new ThreadedSha256();
  for (const chunk of chunks) await hash.update(chunk);
  return hash.digest();
}

/** `total` random bytes cut into chunks of varied sizes, as a socket delivers them. */
function cut(total: number): Buffer[] {
  const bytes = randomBytes(total);
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < total; i++) {
    const size = Math.min(total - at, 1 + ((i * 7919) % 70_000));
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe('ThreadedSha256', () => {
  it('gives the SHA-256 of content that fits one batch, and of nothing', async () => {
    const small = cut(100_000);
    expect(await hashed(small)).toBe(sha(Buffer.concat(small)));
    expect(await hashed([])).toBe(sha(Buffer.alloc(0)));
  });

  it('gives the SHA-256 of content over many batches, ending on a batch or inside one', async () => {
    for (const total of [3 * MIB, 20 * MIB + 12_345]) {
      const chunks = cut(total);
      expect(await hashed(chunks)).toBe(sha(Buffer.concat(chunks)));
    }
  });

  it('keeps hashes that run at the same time apart', async () => {
    const contents = [cut(5 * MIB), cut(9 * MIB + 1), cut(7 * MIB)];
    const hashes = contents.map(() => new ThreadedSha256());
    for (let i = 0; contents.some((c) => i < c.length); i++) {
      await Promise.all(contents.map((c, n) => (i < c.length ? hashes[n]!.update(c[i]!) : undefined)));
    }
    const digests = await Promise.all(hashes.map((h) => h.digest()));
    expect(digests).toEqual(contents.map((c) => sha(Buffer.concat(c))));
  });

  it('may be handed a buffer that the caller reuses at once', async () => {
    const content = randomBytes(4 * MIB + 17);
    const hash = new ThreadedSha256();
    const reused = Buffer.alloc(64 * 1024);
    for (let at = 0; at < content.length; at += reused.length) {
      const n = content.copy(reused, 0, at);
      await hash.update(reused.subarray(0, n));
      reused.fill(0xff);
    }
    expect(await hash.digest()).toBe(sha(content));
  });
});
