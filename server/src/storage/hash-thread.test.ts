import { createHash, randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { OFF_THREAD_FROM, StreamHash } from './hash-thread.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Feeds `chunks` in order, waiting whenever the hash asks to. */
async function hashOf(chunks: Buffer[], hash = new StreamHash()): Promise<string> {
  for (const chunk of chunks) await hash.update(chunk);
  return hash.digest();
}

/** `bytes` cut into pieces of varied sizes, 1 byte to about 300 KiB. */
function pieces(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = 1 + ((i * 104_729) % 300_000);
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

describe('StreamHash', () => {
  it.each([
    ['empty', 0],
    ['small, hashed where it arrives', 70_000],
    ['one byte short of the thread', OFF_THREAD_FROM - 1],
    ['exactly where the thread takes over', OFF_THREAD_FROM],
    ['large, on the thread', 21 * OFF_THREAD_FROM + 12_345],
  ])('gives the SHA-256 of a stream: %s', async (_what, size) => {
    const bytes = randomBytes(size);
    expect(await hashOf(pieces(bytes))).toBe(sha(bytes));
  });

  it('hands large streams to the thread: a sender that outruns it waits, and nothing is lost', async () => {
    const bytes = randomBytes(16 * OFF_THREAD_FROM);
    const hash = new StreamHash();
    // Four batches at most are on the thread; 16 MiB at once cannot all be taken in one go.
    const waiting = hash.update(bytes);
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    expect(await hash.digest()).toBe(sha(bytes));
  });

  it('keeps concurrent streams apart, and one dropped halfway disturbs none', async () => {
    const streams = Array.from({ length: 4 }, (_, i) => randomBytes((3 + i) * OFF_THREAD_FROM + i));
    const half = new StreamHash();
    await half.update(randomBytes(3 * OFF_THREAD_FROM));
    half.drop();
    const digests = await Promise.all(streams.map((bytes) => hashOf(pieces(bytes))));
    expect(digests).toEqual(streams.map(sha));
  });

  it('forgets on the thread a stream its owner let go of without an end', async () => {
    v8.setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    const dropped = () => posted.mock.calls.some(([message]) => (message as { kind: string }).kind === 'drop');
    await (async () => {
      const abandoned = new StreamHash();
      await abandoned.update(randomBytes(2 * OFF_THREAD_FROM + 5));
    })();
    // Collection and finalisation take their own turns: collect until the drop is posted.
    for (let turn = 0; turn < 100 && !dropped(); turn++) {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
    }
    vi.restoreAllMocks();
    expect(dropped()).toBe(true);
  });
});
