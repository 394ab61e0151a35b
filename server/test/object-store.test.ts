import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createFsObjectStore } from '../src/storage/fs-store.js';
import type { ObjectStore } from '../src/storage/object-store.js';
import { createS3ObjectStore } from '../src/storage/s3-store.js';
import { holdResumedSyncs } from './helpers/held-syncs.js';
import { startS3, type TestS3 } from './helpers/s3.js';
import { newObjectKey } from '../src/storage/keys.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keys(store: ObjectStore, before = Number.MAX_SAFE_INTEGER): Promise<string[]> {
  const out: string[] = [];
  for await (const key of store.listOlderThan(before)) out.push(key);
  return out;
}

/** A stream that yields some bytes, then fails like a dropped client. */
function failingStream(): Readable {
  return new Readable({
    read() {
      this.push(randomBytes(64 * 1024));
      this.destroy(new Error('client went away'));
    },
  });
}

const stores: [string, () => Promise<{ store: ObjectStore; close(): Promise<void> }>][] = [
  [
    'disk',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-store-'));
      return { store: createFsObjectStore(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3: TestS3 = await startS3();
      const config = loadConfig({ ...s3.env, JWT_SECRET: 'x'.repeat(32) });
      return { store: createS3ObjectStore(config.s3!), close: () => s3.close() };
    },
  ],
];

describe.each(stores)('ObjectStore contract [%s]', (_name, open) => {
  let store: ObjectStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());

  it('puts under the given fresh random key and reads back the exact bytes and size', async () => {
    const body = randomBytes(100_000);
    const key = newObjectKey();
    const a = await store.put(key, Readable.from([body.subarray(0, 50_000), body.subarray(50_000)]));
    const b = await store.put(newObjectKey(), Readable.from([body]));
    expect(a.key).toBe(key);
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^objects\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(a.size).toBe(body.length);
    expect((await readAll(await store.get(a.key))).equals(body)).toBe(true);
  });

  it('streams an object larger than one multipart part', async () => {
    const part = randomBytes(1024 * 1024);
    const hash = createHash('sha256');
    const chunks = Array.from({ length: 20 }, () => {
      hash.update(part);
      return part;
    });
    const { key, size } = await store.put(newObjectKey(), Readable.from(chunks));
    expect(size).toBe(20 * part.length);
    const back = createHash('sha256');
    for await (const chunk of await store.get(key)) back.update(chunk as Buffer);
    expect(back.digest('hex')).toBe(hash.digest('hex'));
    await store.delete(key);
  });

  it('hands every byte it stores to the hashing, in order, waiting for it when it asks', async () => {
    const body = randomBytes(3 * 1024 * 1024 + 5);
    const given: Buffer[] = [];
    let waits = 0;
    const hashing = {
      update(chunk: Buffer) {
        given.push(Buffer.from(chunk));
        if (given.length % 3 !== 0) return undefined;
        waits += 1;
        return new Promise<void>((resolve) => setImmediate(resolve));
      },
      repeatsLikelyCopy: () => expect.unreachable('no copy was named'),
    };
    const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
    const { key } = await store.put(newObjectKey(), Readable.from(chunks), { hashing });
    expect(waits).toBeGreaterThan(0);
    expect(Buffer.concat(given).equals(body)).toBe(true);
    expect((await readAll(await store.get(key))).equals(body)).toBe(true);
    await store.delete(key);
  });

  it('reads byte ranges, inclusive', async () => {
    const { key } = await store.put(newObjectKey(), Readable.from([Buffer.from('0123456789')]));
    expect((await readAll(await store.get(key, { start: 2, end: 5 }))).toString()).toBe('2345');
    expect((await readAll(await store.get(key, { start: 9, end: 9 }))).toString()).toBe('9');
  });

  it('opens objects and ranges for a socket, and refuses a missing one up front', async () => {
    const body = randomBytes(600_000);
    const { key } = await store.put(newObjectKey(), Readable.from([body]));
    const sent = async (range?: { start: number; end: number }) => {
      const chunks: Buffer[] = [];
      // Done with each chunk when it calls back, as a socket is: it keeps a copy.
      const socket = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(Buffer.from(chunk));
          done();
        },
      });
      await (await store.open(key, range)).pipeTo(socket);
      return Buffer.concat(chunks);
    };
    expect((await sent()).equals(body)).toBe(true);
    expect((await sent({ start: 262_140, end: 524_290 })).equals(body.subarray(262_140, 524_291))).toBe(true);
    await store.delete(key);
    await expect(store.open(key)).rejects.toThrow();
  });

  it('leaves nothing behind when the body fails', async () => {
    const before = await keys(store);
    await expect(store.put(newObjectKey(), failingStream())).rejects.toThrow();
    expect(await keys(store)).toEqual(before);
  });

  it('deletes idempotently, and a deleted object cannot be read', async () => {
    const { key } = await store.put(newObjectKey(), Readable.from([Buffer.from('bye')]));
    expect(await store.exists(key)).toBe(true);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key);
    await expect(store.get(key).then(readAll)).rejects.toThrow();
    expect(await keys(store)).not.toContain(key);
  });

  it('lists keys by age for the sweep', async () => {
    const { key } = await store.put(newObjectKey(), Readable.from([Buffer.from('aged')]));
    expect(await keys(store)).toContain(key);
    expect(await keys(store, Date.now() - 3_600_000)).not.toContain(key);
  });

  it('refuses malformed keys rather than building paths from them', async () => {
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/Malformed object key/);
    await expect(store.exists('../../etc/passwd')).rejects.toThrow(/Malformed object key/);
    await expect(store.put('../../tmp/x', Readable.from([Buffer.from('x')]))).rejects.toThrow(/Malformed object key/);
  });

  it('answers the readiness ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('keeps an unfinished object as its saved state says, whatever a request that saved nothing wrote', async () => {
    const content = randomBytes(12 * MIB);
    const key = newObjectKey();
    const written = await writeRequests(store, key, content, [
      [0, MIB, true], // on S3: a tail beside the multipart upload
      [MIB, 10 * MIB, false], // takes that tail into a part, then saves nothing
      [MIB, 12 * MIB, true],
    ]);
    await store.partial.complete(key, written);
    expect((await readAll(await store.get(key))).equals(content)).toBe(true);
    await store.delete(key);
  });
});

const MIB = 1024 * 1024;

/**
 * Writes `content` to an unfinished object in requests, each from its start to
 * its end offset, resuming from the state last saved; a request that saves
 * checkpoints before it closes. Returns the last saved state.
 */
async function writeRequests(store: ObjectStore, key: string, content: Buffer, requests: [number, number, boolean][]): Promise<string> {
  let saved = await store.partial.start(key);
  for (const [from, to, save] of requests) {
    const writer = await store.partial.resume(key, saved, from);
    for (let at = from; at < to; at += MIB) await writer.write(content.subarray(at, Math.min(to, at + MIB)));
    if (save) saved = await (await writer.checkpoint()).durable;
    await writer.close(saved);
  }
  return saved;
}

describe('Disk unfinished objects', () => {
  it('goes on writing while a checkpoint’s fsync runs, and closes the file only once that fsync has ended', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-store-'));
    const store = createFsObjectStore(dir);
    const key = newObjectKey();
    const file = path.join(dir, key);
    const content = randomBytes(16 * MIB);
    // Past its first 8 MiB, a file is written around the page cache: the checkpoint comes after that.
    const cut = 10 * MIB;
    try {
      const state = await store.partial.start(key);
      const syncs = holdResumedSyncs();
      const writer = await store.partial.resume(key, state, 0);
      await writer.write(content.subarray(0, cut));
      const first = await writer.checkpoint();
      expect(fs.statSync(file).size).toBe(cut);
      // With that fsync held, the next bytes reach the file all the same.
      await writer.write(content.subarray(cut));
      const second = await writer.checkpoint();
      expect(fs.statSync(file).size).toBe(content.length);
      expect(syncs.asked).toBe(2);

      const close = vi.spyOn(syncs.handles[0]!, 'close');
      const closed = writer.close(state);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(close).not.toHaveBeenCalled();
      syncs.release();
      expect(await first.durable).toBe('{}');
      expect(await second.durable).toBe('{}');
      await closed;
      expect(close).toHaveBeenCalledTimes(1);
      expect(fs.readFileSync(file).equals(content)).toBe(true);
    } finally {
      vi.restoreAllMocks();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 unfinished objects', () => {
  let s3: TestS3;
  let store: ObjectStore;
  beforeAll(async () => {
    s3 = await startS3();
    store = createS3ObjectStore(loadConfig({ ...s3.env, JWT_SECRET: 'x'.repeat(32) }).s3!);
  });
  afterAll(() => s3.close());

  it('sweeps the bytes waiting beside an unfinished object once no lease holds it, and aborting leaves nothing', async () => {
    const [gone, kept] = [newObjectKey(), newObjectKey()];
    const content = randomBytes(MIB);
    const goneState = await writeRequests(store, gone, content, [[0, MIB, true]]);
    const keptState = await writeRequests(store, kept, content, [[0, MIB, true]]);
    expect(s3.leftovers().tails).toHaveLength(2);
    expect(await store.partial.sweep!(Date.now() - 60_000, async () => new Set())).toBe(0);
    expect(await store.partial.sweep!(Date.now() + 1000, async (keys) => new Set(keys.filter((k) => k === kept)))).toBe(1);
    expect(s3.leftovers().tails).toEqual([expect.stringMatching(new RegExp(`^partials/${kept}/`))]);

    // What the sweep left is still there to go on from.
    const writer = await store.partial.resume(kept, keptState, MIB);
    await writer.write(content);
    const done = await (await writer.checkpoint()).durable;
    await writer.close(done);
    await store.partial.complete(kept, done);
    expect((await readAll(await store.get(kept))).equals(Buffer.concat([content, content]))).toBe(true);

    await store.partial.abort(gone, goneState);
    expect(s3.leftovers()).toEqual({ multipartUploads: [], tails: [] });
  });
});

/** The few S3 calls of the multipart cleanup, answered like S3 does, with chosen start times. */
async function multipartListing(uploads: { key: string; id: string; initiated: Date }[]) {
  const aborted: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://s3');
    if (req.method === 'GET' && url.searchParams.has('uploads')) {
      res.setHeader('content-type', 'application/xml');
      res.end(`<?xml version="1.0" encoding="UTF-8"?>
<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>vault</Bucket><IsTruncated>false</IsTruncated>${uploads
        .map((u) => `<Upload><Key>${u.key}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`)
        .join('')}</ListMultipartUploadsResult>`);
      return;
    }
    if (req.method === 'DELETE' && url.searchParams.has('uploadId')) {
      aborted.push(url.searchParams.get('uploadId')!);
      res.statusCode = 204;
      res.end();
      return;
    }
    res.statusCode = 501;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = loadConfig({
    S3_BUCKET: 'vault',
    S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
    S3_FORCE_PATH_STYLE: 'true',
    JWT_SECRET: 'x'.repeat(32),
  });
  return { store: createS3ObjectStore(config.s3!), aborted, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('S3 multipart cleanup', () => {
  it('aborts unfinished uploads started before the cutoff, except those a live lease holds', async () => {
    const old = new Date(Date.now() - 3_600_000);
    const held = newObjectKey();
    const { store, aborted, close } = await multipartListing([
      { key: newObjectKey(), id: 'abandoned', initiated: old },
      { key: held, id: 'still-writing', initiated: old },
      { key: newObjectKey(), id: 'recent', initiated: new Date() },
    ]);
    try {
      const count = await store.abortStaleUploads!(Date.now() - 60_000, async (keys) => new Set(keys.filter((k) => k === held)));
      expect(count).toBe(1);
      expect(aborted).toEqual(['abandoned']);
    } finally {
      await close();
    }
  });
});
