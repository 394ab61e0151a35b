import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedFileWriter, ObjectFileWriter, WRITE_BYTES } from './file-writer.js';

const MIB = 1024 * 1024;
const dirs: string[] = [];

/** Event-loop turns a write waits before it starts, with `slowDisk`: time for the source to send more. */
const SLOW_WRITE_TURNS = 8;

/**
 * Streams `chunks` through a writer into a new file; returns the file's bytes,
 * the flushes made meanwhile and the size of each write.
 */
async function write(chunks: Buffer[], holdFlush: () => boolean, slowDisk = false) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-writer-'));
  dirs.push(dir);
  const file = path.join(dir, 'object');
  const handle = await fsp.open(file, 'wx');
  const datasync = vi.spyOn(handle, 'datasync');
  const real = handle.writev.bind(handle);
  const writev = vi.spyOn(handle, 'writev');
  if (slowDisk) {
    writev.mockImplementation(async (buffers, position) => {
      for (let turn = 0; turn < SLOW_WRITE_TURNS; turn++) await new Promise((resolve) => setImmediate(resolve));
      return real(buffers, position);
    });
  }
  const writer = new ObjectFileWriter(handle, { holdFlush });
  await pipeline(Readable.from(chunks), writer);
  await handle.close();
  const writes = writev.mock.calls.map(([buffers]) => buffers.reduce((n, b) => n + b.byteLength, 0));
  return { bytes: fs.readFileSync(file), size: writer.size, flushes: datasync.mock.calls.length, writes };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('ObjectFileWriter', () => {
  it('writes every byte in order, whatever the chunk sizes', async () => {
    const chunks = Array.from({ length: 300 }, (_, i) => randomBytes(1 + ((i * 7919) % 70_000)));
    const { bytes, size } = await write(chunks, () => false);
    expect(size).toBe(bytes.length);
    expect(sha(bytes)).toBe(sha(Buffer.concat(chunks)));
  });

  it('gathers the chunks that arrive during a write into the next one, up to WRITE_BYTES', async () => {
    const chunk = 64 * 1024;
    const chunks = Array.from({ length: 256 }, () => randomBytes(chunk));
    const { bytes, writes } = await write(chunks, () => false, true);
    expect(sha(bytes)).toBe(sha(Buffer.concat(chunks)));
    // A write per chunk would be 256 of them. While a chunk is written three
    // more wait and go together; the stream flows again once they are written.
    expect(writes.length).toBeLessThanOrEqual(128);
    expect(Math.max(...writes)).toBeLessThanOrEqual(WRITE_BYTES + chunk);
  });

  it('flushes in the background while a large object arrives', async () => {
    const chunks = Array.from({ length: 80 }, () => randomBytes(MIB));
    const { bytes, flushes } = await write(chunks, () => false);
    expect(bytes.length).toBe(80 * MIB);
    expect(flushes).toBeGreaterThanOrEqual(1);
  });

  it('keeps a held object off the disk', async () => {
    const chunks = Array.from({ length: 80 }, () => randomBytes(MIB));
    const { bytes, flushes } = await write(chunks, () => true);
    expect(bytes.length).toBe(80 * MIB);
    expect(flushes).toBe(0);
  });
});

describe('BatchedFileWriter', () => {
  async function opened(initial: Buffer) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-writer-'));
    dirs.push(dir);
    const file = path.join(dir, 'object');
    fs.writeFileSync(file, initial);
    return { file, handle: await fsp.open(file, 'r+') };
  }

  it('appends every byte in order from its position, across batches, once drained', async () => {
    const start = randomBytes(1000);
    const { file, handle } = await opened(start);
    const writer = new BatchedFileWriter(handle, start.length);
    const chunks = Array.from({ length: 120 }, (_, i) => randomBytes(1 + ((i * 7919) % 70_000)));
    for (const chunk of chunks) await writer.write(chunk);
    await writer.drain();
    await handle.close();
    expect(sha(fs.readFileSync(file))).toBe(sha(Buffer.concat([start, ...chunks])));
  });

  it('leaves what it has not drained unwritten when stopped', async () => {
    const { file, handle } = await opened(Buffer.alloc(0));
    const writer = new BatchedFileWriter(handle, 0);
    const drained = randomBytes(3 * MIB);
    await writer.write(drained);
    await writer.drain();
    await writer.write(randomBytes(1000));
    await writer.stop();
    await handle.close();
    expect(sha(fs.readFileSync(file))).toBe(sha(drained));
  });
});
