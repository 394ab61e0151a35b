import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { expect, it, vi } from 'vitest';
import type { ObjectStore } from '../src/storage/object-store.js';
import { blobOf, sha256, storedKeys, upload, uploadForm, uploadOne } from './helpers/files.js';
import { describeEachBackend, type TestServer } from './helpers/server.js';

const MIB = 1024 * 1024;

/** Text over the head hash's first MiB, different each time. */
const bigText = () => Buffer.from(randomBytes(MIB + 4096).toString('hex'), 'utf8');

const onS3 = (t: TestServer) => t.server.config.s3 !== undefined;

/** Records what every put of the server's store answered about durability. */
function watchPuts(t: TestServer): { durable: boolean[] } {
  const store = t.server.ctx.store;
  const put = store.put.bind(store);
  const seen = { durable: [] as boolean[] };
  vi.spyOn(store, 'put').mockImplementation(async (...args: Parameters<ObjectStore['put']>) => {
    const result = await put(...args);
    seen.durable.push(result.durable);
    return result;
  });
  return seen;
}

async function download(t: TestServer, token: string, id: number): Promise<Buffer> {
  const res = await fetch(`${t.url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

// Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
describeEachBackend('durability of uploaded copies', (t) => {
  it('does not make a copy of the uploader’s own content durable, and keeps no second object', async () => {
    const { token } = await t().client.register();
    const content = bigText();
    await uploadOne(t().client, token, { name: 'original.txt', content });
    const keys = (await storedKeys(t())).length;
    const puts = watchPuts(t());
    const copy = await uploadOne(t().client, token, { name: 'copy.txt', content });
    vi.restoreAllMocks();
    // The disk store skips the fsync; S3 uploads are durable whatever is asked.
    expect(puts.durable).toEqual([onS3(t())]);
    expect((await storedKeys(t())).length).toBe(keys);
    expect((await download(t(), token, copy)).equals(content)).toBe(true);
  });

  it('does not write nor hash a re-upload of the uploader’s own content again: on disk, the copy is a second name of the original', async () => {
    const { token } = await t().client.register();
    const content = Buffer.from(randomBytes(4 * MIB).toString('hex'), 'utf8');
    await uploadOne(t().client, token, { name: 'original.txt', content });
    const stored = (await blobOf(t(), content))!.storage_key;
    const store = t().server.ctx.store;
    const put = store.put.bind(store);
    const copies: { key: string; inode: number | undefined; hashed: number; repeated: boolean }[] = [];
    vi.spyOn(store, 'put').mockImplementation(async (key, body, opts) => {
      const hashing = opts!.hashing!;
      let hashed = 0;
      let repeated = false;
      const watched = {
        update: (chunk: Buffer) => ((hashed += chunk.length), hashing.update(chunk)),
        repeatsLikelyCopy: () => ((repeated = true), hashing.repeatsLikelyCopy()),
      };
      // The look for the original, asked once the first MiB has come, is not
      // waited for: a copy whose last byte comes first is written whole. Here
      // the bytes after that MiB wait for its answer, as on a real network.
      let passed = 0;
      const afterTheLook = body.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            passed += chunk.length;
            if (passed <= MIB) return done(null, chunk);
            vi.waitFor(() => expect(opts!.likelyCopyOf!()).toBeDefined(), { timeout: 10_000 }).then(() => done(null, chunk), done);
          },
        }),
      );
      const result = await put(key, afterTheLook, { ...opts, hashing: watched });
      // Before the commit deletes the copy as a duplicate.
      const inode = onS3(t()) ? undefined : fs.statSync(path.join(t().dataDir, result.key)).ino;
      copies.push({ key: opts!.likelyCopyOf!()!, inode, hashed, repeated });
      return result;
    });
    const copy = await uploadOne(t().client, token, { name: 'copy.txt', content });
    vi.restoreAllMocks();
    expect(copies).toHaveLength(1);
    expect(copies[0]!.key).toBe(stored);
    if (onS3(t())) expect(copies[0]).toMatchObject({ hashed: content.length, repeated: false });
    else {
      expect(copies[0]!.inode).toBe(fs.statSync(path.join(t().dataDir, stored)).ino);
      // Nor hashed again: the bytes compared with the original have its hash.
      expect(copies[0]!.repeated).toBe(true);
      expect(copies[0]!.hashed).toBeLessThanOrEqual(2.5 * MIB);
    }
    const row = await t().server.ctx.db.selectFrom('files').select('blob_hash').where('id', '=', copy).executeTakeFirstOrThrow();
    expect(row.blob_hash).toBe(sha256(content));
    expect((await download(t(), token, copy)).equals(content)).toBe(true);
  });

  it('refuses an upload whose store hashed fewer bytes than it stored, keeping nothing of it', async () => {
    const { token } = await t().client.register();
    const keys = await storedKeys(t());
    const store = t().server.ctx.store;
    const put = store.put.bind(store);
    vi.spyOn(store, 'put').mockImplementation(async (key, body, opts) => {
      let skipped = false;
      // A store that leaves one chunk out of the hash and says nothing of it.
      const hashing = {
        update: (chunk: Buffer) => (skipped ? opts!.hashing!.update(chunk) : void (skipped = true)),
        repeatsLikelyCopy: () => opts!.hashing!.repeatsLikelyCopy(),
      };
      return put(key, body, { ...opts, hashing });
    });
    // An internal failure, which the API document does not list: sent past the checking client.
    const res = await fetch(`${t().url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: uploadForm([{ name: 'notes.txt', content: bigText() }]),
    });
    vi.restoreAllMocks();
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    expect((await storedKeys(t())).sort()).toEqual(keys.sort());
    const files = await t().client.get('/api/files', { token });
    expect(files.body.total).toBe(0);
  });

  it('answers a re-upload without waiting for its copy to be deleted, then deletes it', async () => {
    const { token } = await t().client.register();
    const content = bigText();
    await uploadOne(t().client, token, { name: 'original.txt', content });
    const keys = await storedKeys(t());
    const store = t().server.ctx.store;
    const remove = store.delete.bind(store);
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const deleting: string[] = [];
    vi.spyOn(store, 'delete').mockImplementation(async (key) => {
      deleting.push(key);
      await held;
      return remove(key);
    });
    // With the delete held, the answer can only come if it does not wait for it.
    const copy = await uploadOne(t().client, token, { name: 'copy.txt', content });
    open();
    vi.restoreAllMocks();
    expect((await storedKeys(t())).sort()).toEqual(keys.sort());
    expect(deleting).toHaveLength(1);
    expect(keys).not.toContain(deleting[0]);
    expect((await download(t(), token, copy)).equals(content)).toBe(true);
  });

  it('makes the same content durable for another user: whether anybody else holds it never changes the work', async () => {
    const owner = await t().client.register();
    const other = await t().client.register();
    const content = bigText();
    await uploadOne(t().client, owner.token, { name: 'mine.txt', content });
    const puts = watchPuts(t());
    const theirs = await uploadOne(t().client, other.token, { name: 'theirs.txt', content });
    vi.restoreAllMocks();
    expect(puts.durable).toEqual([true]);
    expect((await download(t(), other.token, theirs)).equals(content)).toBe(true);
  });

  it('makes a copy durable after all when the uploader’s own file goes before the copy is committed', async () => {
    const { token } = await t().client.register();
    const content = bigText();
    const original = await uploadOne(t().client, token, { name: 'original.txt', content });
    const store = t().server.ctx.store;
    const put = store.put.bind(store);
    const makeDurable = vi.spyOn(store, 'makeDurable');
    vi.spyOn(store, 'put').mockImplementation(async (...args: Parameters<ObjectStore['put']>) => {
      const result = await put(...args);
      // The copy is written and judged a duplicate; now its original goes, with the blob's object.
      expect((await t().client.delete(`/api/files/${original}`, { token })).status).toBe(204);
      await storedKeys(t());
      return result;
    });
    const res = await upload(t().client, token, [{ name: 'copy.txt', content }]);
    vi.restoreAllMocks();
    expect(res.status).toBe(201);
    if (!onS3(t())) expect(makeDurable).toHaveBeenCalledTimes(1);
    const blob = await blobOf(t(), content);
    expect(blob?.ref_count).toBe(1);
    expect((await download(t(), token, res.body.files[0]!.id)).equals(content)).toBe(true);
  });
}, { TRASH_DAYS: '0' });
