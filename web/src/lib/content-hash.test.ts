import { File as NodeFile } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256OfFile } from './content-hash';
import { MIB } from './bytes';

/** A file whose bytes can be read back as a browser's can (jsdom's File cannot). */
const fileOf = (content: Uint8Array) => new NodeFile([content], 'file.bin') as unknown as File;

describe('sha256OfFile', () => {
  it('hashes a file read in slices to the SHA-256 of its whole content', async () => {
    // More than two slices, the last one short.
    const content = randomBytes(9 * MIB + 123);
    expect(await sha256OfFile(fileOf(content))).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await sha256OfFile(fileOf(new Uint8Array()))).toBe(createHash('sha256').digest('hex'));
  });

  it('stops once its signal aborts', async () => {
    const abort = new AbortController();
    abort.abort(new Error('its turn came'));
    await expect(sha256OfFile(fileOf(randomBytes(1000)), abort.signal)).rejects.toThrow('its turn came');
  });
});
