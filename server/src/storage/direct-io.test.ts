import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirectWrites } from './direct-io.js';
import { BatchedFileWriter, ObjectFileWriter } from './file-writer.js';
import { Original } from './original.js';

const MIB = 1024 * 1024;
const dirs: string[] = [];

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function newDir(under = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(under, 'vault-direct-'));
  dirs.push(dir);
  return dir;
}

/** Chunks of odd sizes, as a socket hands them over, `total` bytes in all. */
function oddChunks(total: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let i = 0, n = 0; n < total; i++) {
    const size = Math.min(total - n, 1 + ((i * 7919) % 150_000));
    chunks.push(randomBytes(size));
    n += size;
  }
  return chunks;
}

/** Opens of files for direct I/O, watched while `fn` runs. */
async function directOpens(fn: () => Promise<void>): Promise<number> {
  const open = vi.spyOn(fsp, 'open');
  try {
    await fn();
    return open.mock.calls.filter(([, flags]) => typeof flags === 'number' && (flags & fs.constants.O_DIRECT) !== 0).length;
  } finally {
    open.mockRestore();
  }
}

async function writeObject(dir: string, chunks: Buffer[], holdFlush = () => false) {
  const file = path.join(dir, 'object');
  const handle = await fsp.open(file, 'wx+');
  const writer = new ObjectFileWriter(handle, { holdFlush }, file);
  await pipeline(Readable.from(chunks), writer);
  await handle.sync();
  await handle.close();
  return { file, size: writer.size };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('writes around the page cache', () => {
  it('writes a large object directly past its first megabytes, every byte in order, the unaligned tail included', async () => {
    const chunks = oddChunks(29 * MIB + 4321);
    let written: { file: string; size: number } | undefined;
    const opens = await directOpens(async () => void (written = await writeObject(newDir(), chunks)));
    expect(opens).toBe(1);
    expect(written!.size).toBe(29 * MIB + 4321);
    expect(sha(fs.readFileSync(written!.file))).toBe(sha(Buffer.concat(chunks)));
  });

  it('keeps a held object (a likely copy) in the page cache, never writing it directly', async () => {
    const chunks = oddChunks(20 * MIB);
    let written: { file: string; size: number } | undefined;
    const opens = await directOpens(async () => void (written = await writeObject(newDir(), chunks, () => true)));
    expect(opens).toBe(0);
    expect(sha(fs.readFileSync(written!.file))).toBe(sha(Buffer.concat(chunks)));
  });

  it('appends a resumed upload from an unaligned offset, drained between requests, every byte in order', async () => {
    const dir = newDir();
    const file = path.join(dir, 'partial');
    const start = randomBytes(9 * MIB + 123);
    fs.writeFileSync(file, start);
    const parts = [oddChunks(12 * MIB + 77), oddChunks(6 * MIB + 5)];
    const opens = await directOpens(async () => {
      const handle = await fsp.open(file, 'r+');
      const writer = new BatchedFileWriter(handle, start.length, file);
      for (const part of parts) {
        for (const chunk of part) await writer.write(chunk);
        await writer.drain();
      }
      await writer.stop();
      await handle.close();
    });
    expect(opens).toBe(1);
    expect(sha(fs.readFileSync(file))).toBe(sha(Buffer.concat([start, ...parts.flat()])));
  });

  it('hands a resumed upload\'s chunks to the direct writes themselves once it writes around the page cache', async () => {
    const file = path.join(newDir(), 'partial');
    fs.writeFileSync(file, '');
    const chunks = oddChunks(16 * MIB);
    const handed = vi.spyOn(DirectWrites.prototype, 'write');
    try {
      const handle = await fsp.open(file, 'r+');
      const writer = new BatchedFileWriter(handle, 0, file);
      for (const chunk of chunks) await writer.write(chunk);
      await writer.drain();
      await writer.stop();
      await handle.close();
      const sent = new Set(chunks);
      const isChunk = handed.mock.calls.map(([buffers]) => sent.has(buffers[0]!));
      // The batches queued when the switch came go first; from the first chunk handed over on, only chunks.
      const first = isChunk.indexOf(true);
      expect(first).toBeGreaterThan(0);
      expect(isChunk.slice(first).every(Boolean)).toBe(true);
      expect(isChunk.length - first).toBeGreaterThan(chunks.length / 3);
    } finally {
      handed.mockRestore();
    }
    expect(sha(fs.readFileSync(file))).toBe(sha(Buffer.concat(chunks)));
  });

  it('reads an original directly, in order and after a jump back, across its stages', async () => {
    const dir = newDir();
    const file = path.join(dir, 'original');
    const bytes = randomBytes(13 * MIB + 999);
    fs.writeFileSync(file, bytes);
    const opens = await directOpens(async () => {
      const original = (await Original.open(file))!;
      try {
        const copied: Buffer[] = [];
        await original.copy(0, bytes.length, async (piece) => void copied.push(Buffer.from(piece)));
        expect(sha(Buffer.concat(copied))).toBe(sha(bytes));
        // Pieces that straddle stages, then one from the start again.
        const at = 4 * MIB - 100;
        expect(await original.repeats([bytes.subarray(at, at + 3 * MIB)], at)).toBe(true);
        expect(await original.repeats([bytes.subarray(5, 2 * MIB)], 5)).toBe(true);
        const changed = Buffer.from(bytes.subarray(8 * MIB, 9 * MIB));
        changed[changed.length - 1]! ^= 1;
        expect(await original.repeats([changed], 8 * MIB)).toBe(false);
        expect(await original.repeats([randomBytes(10)], bytes.length - 5)).toBe(false);
        // Several buffers, as a write takes them, one longer than a stage: each
        // is compared with the stages where the reads land, to its last byte.
        const from = 3 * MIB - 7;
        const sizes = [65_536, 65_536, 5 * MIB + 3, 65_536, 1];
        const starts = sizes.map((_, i) => from + sizes.slice(0, i).reduce((a, b) => a + b, 0));
        const pieces = sizes.map((n, i) => bytes.subarray(starts[i]!, starts[i]! + n));
        expect(await original.repeats(pieces, from)).toBe(true);
        for (const [piece, offset] of [[2, 5 * MIB + 2], [2, 4 * MIB + 1], [2, 0], [3, 0], [4, 0], [0, 0]] as const) {
          const altered = pieces.map((p) => Buffer.from(p));
          altered[piece]![offset]! ^= 1;
          expect(await original.repeats(altered, from)).toBe(false);
        }
        expect(await original.repeats(pieces, from)).toBe(true);
        expect(await original.repeats(pieces, from + 1)).toBe(false);
      } finally {
        await original.close();
      }
    });
    expect(opens).toBe(1);
  });

  it('reads an original three stages ahead of the one its bytes are compared with', async () => {
    const dir = newDir();
    const file = path.join(dir, 'original');
    const bytes = randomBytes(24 * MIB);
    fs.writeFileSync(file, bytes);
    const handle = await fsp.open(file);
    const read = vi.spyOn(Object.getPrototypeOf(handle) as typeof handle, 'read');
    await handle.close();
    const original = (await Original.open(file))!;
    try {
      const started = () => [...new Set(read.mock.calls.map((call) => (call as unknown[])[3]))];
      expect(await original.repeats([bytes.subarray(0, 65_536)], 0)).toBe(true);
      expect(started()).toEqual([0, 4 * MIB, 8 * MIB, 12 * MIB]);
      expect(await original.repeats([bytes.subarray(4 * MIB, 5 * MIB)], 4 * MIB)).toBe(true);
      expect(started()).toEqual([0, 4 * MIB, 8 * MIB, 12 * MIB, 16 * MIB]);
      // Past the stages read ahead, and back: each read lands where it should.
      expect(await original.repeats([bytes.subarray(20 * MIB + 1, 24 * MIB)], 20 * MIB + 1)).toBe(true);
      expect(await original.repeats([bytes.subarray(1, 9 * MIB)], 1)).toBe(true);
    } finally {
      await original.close();
      read.mockRestore();
    }
  });

  // Last: a refusal is remembered for the rest of the process.
  it('writes through the page cache where the file system refuses direct I/O, and stops asking', async () => {
    const open = fsp.open.bind(fsp);
    const refused = Object.assign(new Error('EINVAL: invalid argument, open'), { code: 'EINVAL' });
    const spy = vi.spyOn(fsp, 'open').mockImplementation(async (file, flags, mode) => {
      if (typeof flags === 'number' && (flags & fs.constants.O_DIRECT) !== 0) throw refused;
      return open(file, flags, mode);
    });
    try {
      for (let i = 0; i < 2; i++) {
        const chunks = oddChunks(20 * MIB + 3);
        const { file } = await writeObject(newDir(), chunks);
        expect(sha(fs.readFileSync(file))).toBe(sha(Buffer.concat(chunks)));
      }
      expect(spy.mock.calls.filter(([, flags]) => typeof flags === 'number' && (flags & fs.constants.O_DIRECT) !== 0)).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});
