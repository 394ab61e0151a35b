import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFsObjectStore } from './fs-store.js';
import { newObjectKey } from './keys.js';
import type { ObjectStore, PutHashing } from './object-store.js';

const KIB = 1024;
const CHUNK = 64 * KIB;

let dataDir: string;
let store: ObjectStore;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-original-'));
  store = createFsObjectStore(dataDir);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await store.close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const fileOf = (key: string) => path.join(dataDir, key);
const chunksOf = (bytes: Buffer) => Array.from({ length: Math.ceil(bytes.length / CHUNK) }, (_, i) => bytes.subarray(i * CHUNK, (i + 1) * CHUNK));

/** Where FileHandle's methods live, to watch the store's writes. */
async function fileHandlePrototype(): Promise<FileHandle> {
  const handle = await fsp.open(os.devNull);
  await handle.close();
  return Object.getPrototypeOf(handle) as FileHandle;
}

/** A PutHashing that keeps what it is given. */
function recordedHashing() {
  const given: Buffer[] = [];
  const seen = { repeated: false, given: () => Buffer.concat(given) };
  const hashing: PutHashing = {
    update: (chunk) => void given.push(chunk),
    repeatsLikelyCopy: () => void (seen.repeated = true),
  };
  return { hashing, seen };
}

async function original(bytes: Buffer): Promise<string> {
  const { key } = await store.put(newObjectKey(), Readable.from(chunksOf(bytes)));
  return key;
}

/**
 * Puts `bytes` in 64 KiB chunks with the hint naming `originalKey` once
 * `knownAfter` chunks have passed (undefined until then, as while the owner's
 * content is looked up); `beforeChunk` runs before the chunk of that index.
 */
async function putHinted(bytes: Buffer, originalKey: string | null, opts: { knownAfter?: number; beforeChunk?: Record<number, () => void>; durable?: boolean } = {}) {
  let sent = 0;
  async function* body() {
    for (const chunk of chunksOf(bytes)) {
      opts.beforeChunk?.[sent]?.();
      sent += 1;
      yield chunk;
    }
  }
  const key = newObjectKey();
  const { hashing, seen } = recordedHashing();
  let repeatedBeforeDurability: boolean | undefined;
  const result = await store.put(key, Readable.from(body()), {
    holdFlush: () => true,
    likelyCopyOf: () => (sent > (opts.knownAfter ?? 16) ? originalKey : undefined),
    hashing,
    needsDurability: async () => {
      repeatedBeforeDurability = seen.repeated;
      return opts.durable ?? false;
    },
  });
  const hashed = { bytes: seen.given(), repeated: seen.repeated, toldBeforeDurability: repeatedBeforeDurability === seen.repeated };
  return { ...result, hashed, bytes: fs.readFileSync(fileOf(key)), inode: fs.statSync(fileOf(key)).ino };
}

/** Every byte of a put that is no repeat went to its hashing, in order. */
function expectEveryByteHashed(copy: { hashed: { bytes: Buffer; repeated: boolean; toldBeforeDurability: boolean } }, content: Buffer) {
  expect(copy.hashed.bytes.equals(content)).toBe(true);
  expect(copy.hashed.repeated).toBe(false);
  expect(copy.hashed.toldBeforeDurability).toBe(true);
}

describe('a put that repeats the hinted original', () => {
  it('stores a repeat of every byte as a second name of the original, writing only what passed before the hint', async () => {
    const content = randomBytes(8 * 1024 * KIB + 123);
    const key = await original(content);
    const writev = vi.spyOn(await fileHandlePrototype(), 'writev');
    const copy = await putHinted(content, key);
    const written = writev.mock.calls.reduce((n, [buffers]) => n + (buffers as Buffer[]).reduce((m, b) => m + b.length, 0), 0);
    expect(copy.size).toBe(content.length);
    expect(copy.bytes.equals(content)).toBe(true);
    expect(copy.inode).toBe(fs.statSync(fileOf(key)).ino);
    // The hint comes after 1 MiB; up to 1 MiB more waits for the write in flight.
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual(2.5 * 1024 * KIB);
    // Only the written bytes are hashed; the rest are the original's, and so is the hash.
    expect(copy.hashed.repeated).toBe(true);
    expect(copy.hashed.toldBeforeDurability).toBe(true);
    expect(copy.hashed.bytes.length).toBe(written);
    expect(copy.hashed.bytes.equals(content.subarray(0, written))).toBe(true);
  });

  it('makes the second name durable when asked, and the original can go without taking the copy along', async () => {
    const content = randomBytes(2 * 1024 * KIB);
    const key = await original(content);
    const copy = await putHinted(content, key, { durable: true });
    expect(copy.durable).toBe(true);
    await store.delete(key);
    expect(fs.readFileSync(fileOf(copy.key)).equals(content)).toBe(true);
  });

  it.each([
    ['in the middle of a chunk', 40 * CHUNK + 1000],
    ['at a chunk boundary', 30 * CHUNK],
    ['in the last byte', 48 * CHUNK - 1],
  ])('writes every byte when they stop repeating it %s', async (_where, at) => {
    const content = randomBytes(48 * CHUNK);
    const key = await original(content);
    const changed = Buffer.from(content);
    changed[at] = changed[at]! ^ 0xff;
    const copy = await putHinted(changed, key);
    expect(copy.size).toBe(changed.length);
    expect(copy.bytes.equals(changed)).toBe(true);
    expectEveryByteHashed(copy, changed);
    expect(copy.inode).not.toBe(fs.statSync(fileOf(key)).ino);
    expect(fs.readFileSync(fileOf(key)).equals(content)).toBe(true);
  });

  it.each([
    ['longer than the original', (c: Buffer) => Buffer.concat([c, randomBytes(5000)])],
    ['shorter than the original', (c: Buffer) => c.subarray(0, c.length - 70_000)],
  ])('writes every byte of content %s', async (_what, change) => {
    const content = randomBytes(40 * CHUNK);
    const key = await original(content);
    const changed = change(content);
    const copy = await putHinted(changed, key);
    expect(copy.bytes.equals(changed)).toBe(true);
    expectEveryByteHashed(copy, changed);
    expect(copy.size).toBe(changed.length);
  });

  it('writes every byte when what was written before the hint is not the original’s', async () => {
    const content = randomBytes(40 * CHUNK);
    const key = await original(content);
    const changed = Buffer.from(content);
    changed[100] = changed[100]! ^ 1;
    const copy = await putHinted(changed, key);
    expect(copy.bytes.equals(changed)).toBe(true);
    expectEveryByteHashed(copy, changed);
  });

  it('keeps every byte when the original is deleted while being compared', async () => {
    const content = randomBytes(40 * CHUNK);
    const key = await original(content);
    const copy = await putHinted(content, key, { beforeChunk: { 30: () => fs.rmSync(fileOf(key)) } });
    expect(fs.existsSync(fileOf(key))).toBe(false);
    expect(copy.bytes.equals(content)).toBe(true);
    expect(copy.hashed.repeated).toBe(true);
  });

  it('writes as usual when the hint names no original, or one that is missing', async () => {
    const content = randomBytes(20 * CHUNK);
    for (const copy of [await putHinted(content, null, { knownAfter: 0 }), await putHinted(content, newObjectKey())]) {
      expect(copy.bytes.equals(content)).toBe(true);
      expectEveryByteHashed(copy, content);
    }
  });

  it('leaves nothing behind when the body fails while being compared', async () => {
    const content = randomBytes(40 * CHUNK);
    const key = await original(content);
    const target = newObjectKey();
    async function* failing() {
      for (const [i, chunk] of chunksOf(content).entries()) {
        if (i === 30) throw new Error('client went away');
        yield chunk;
      }
    }
    await expect(store.put(target, Readable.from(failing()), { likelyCopyOf: () => key })).rejects.toThrow('client went away');
    expect(fs.existsSync(fileOf(target))).toBe(false);
    expect(fs.readFileSync(fileOf(key)).equals(content)).toBe(true);
  });
});
