import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContentSha256, threadHashesOpen } from './sha256-thread.js';

const MIB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Feeds `content` in chunks of the given sizes (cycled), waiting whenever the hash asks to. */
async function hashInChunks(content: Buffer, sizes: number[]): Promise<string> {
  const sha = new ContentSha256();
  for (let at = 0, i = 0; at < content.length; i++) {
    const chunk = content.subarray(at, at + sizes[i % sizes.length]!);
    at += chunk.length;
    await sha.update(chunk);
  }
  return sha.digest();
}

describe('ContentSha256', () => {
  it.each([0, 1, MIB - 1, MIB, MIB + 1, 5 * MIB + 123])('gives the SHA-256 of %i bytes, short content on the event loop and long on a hashing thread', async (size) => {
    const content = randomBytes(size);
    expect(await hashInChunks(content, [65536, 1, 200_000, 4096, 3 * MIB])).toBe(sha256(content));
  });

  it('keeps the hashes of interleaved contents apart', async () => {
    const contents = Array.from({ length: 5 }, () => randomBytes(3 * MIB + 77));
    const digests = await Promise.all(contents.map((c, i) => hashInChunks(c, [10_000 + i * 7919])));
    expect(digests).toEqual(contents.map(sha256));
  });

  it('asks its writer to wait once a few MiB are at the thread, and lets it go on when they are hashed', async () => {
    const sha = new ContentSha256();
    const chunk = randomBytes(MIB);
    const hash = createHash('sha256');
    let fed = 0;
    let wait: Promise<void> | undefined;
    while (!wait) {
      wait = sha.update(chunk);
      hash.update(chunk);
      fed += MIB;
    }
    // The first MiB is kept on the event loop; past it, four batches may travel before the writer waits.
    expect(fed).toBeLessThanOrEqual(6 * MIB);
    await wait;
    const more = chunk.subarray(0, 65536);
    expect(sha.update(more)).toBeUndefined();
    hash.update(more);
    expect(await sha.digest()).toBe(hash.digest('hex'));
  });

  it('lets a hash go at the thread once it is digested or dropped, and goes on hashing others', async () => {
    const open = threadHashesOpen();
    const dropped = new ContentSha256();
    await dropped.update(randomBytes(2 * MIB));
    expect(threadHashesOpen()).toBe(open + 1);
    dropped.drop();
    expect(threadHashesOpen()).toBe(open);
    const content = randomBytes(2 * MIB);
    expect(await hashInChunks(content, [MIB])).toBe(sha256(content));
    expect(threadHashesOpen()).toBe(open);
  });
});
