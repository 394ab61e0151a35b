import { describe, expect, it } from 'vitest';
import { ContentHashes, HASHED_FROM_BYTES, type HashFile } from './content-hashes';

function file(name: string, size = HASHED_FROM_BYTES): File {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

/** A hasher the test drives: each call waits until the test finishes or the signal aborts it. */
function drivenHasher() {
  const calls: { file: File; signal: AbortSignal; finish(): Promise<void> }[] = [];
  const hash: HashFile = (f, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      calls.push({
        file: f,
        signal,
        finish: async () => {
          resolve(`hash of ${f.name}`);
          // The queue takes up the next file once this promise has settled.
          await new Promise((r) => setTimeout(r, 0));
        },
      });
    });
  return { hash, calls };
}

describe('ContentHashes', () => {
  it('hashes one file at a time in queue order, skipping small files', async () => {
    const { hash, calls } = drivenHasher();
    const hashes = new ContentHashes(hash);
    const [a, small, b] = [file('a'), file('small', HASHED_FROM_BYTES - 1), file('b')];
    hashes.request([a, small, b]);
    expect(calls.map((c) => c.file)).toEqual([a]);
    await calls[0]!.finish();
    expect(calls.map((c) => c.file)).toEqual([a, b]);
    await calls[1]!.finish();
    expect(hashes.take(a)).toBe('hash of a');
    expect(hashes.take(b)).toBe('hash of b');
    expect(hashes.take(small)).toBeUndefined();
    // A file sent again (a retry) still has its hash.
    expect(hashes.take(a)).toBe('hash of a');
  });

  it('never makes a file wait: one whose turn comes first goes without a hash, and its hashing stops', async () => {
    const { hash, calls } = drivenHasher();
    const hashes = new ContentHashes(hash);
    const [a, b, c] = [file('a'), file('b'), file('c')];
    hashes.request([a, b, c]);
    expect(hashes.take(a)).toBeUndefined();
    expect(calls[0]!.signal.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    // b is next; c, removed from the list, is never hashed.
    hashes.forget(c);
    expect(calls.map((x) => x.file)).toEqual([a, b]);
    await calls[1]!.finish();
    expect(calls).toHaveLength(2);
    expect(hashes.take(b)).toBe('hash of b');
  });

  it('does nothing where files cannot be hashed', () => {
    const hashes = new ContentHashes(undefined);
    const a = file('a');
    hashes.request([a]);
    expect(hashes.take(a)).toBeUndefined();
  });
});
