import { createHash, randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import * as tus from 'tus-js-client';
import { runMaintenance } from '../src/maintenance.js';
import { HashCache } from '../src/storage/hash-cache.js';
import { YOUNG_EVERY } from '../src/body-memory.js';
import { CHECKPOINT_BYTES } from '../src/domain/resumable/append-upload.js';
import { assertStorageConsistent, blobOf, samples, sha256, storedKeys, uploadOne } from './helpers/files.js';
import { describeEachBackend, describeEachDb, type TestServer } from './helpers/server.js';
import { forcedYoungCollections } from './helpers/collections.js';
import { holdResumedSyncs, type HeldSyncs } from './helpers/held-syncs.js';
import { checksumOf, createUpload, download, handPatch, leftoversOf, lossyProxy, offsetOf, patch, tusRequest } from './helpers/tus.js';

const MIB = 1024 * 1024;

/** UTF-8 text of about `bytes` bytes whose multi-byte characters fall across any cut. */
function text(bytes: number): Buffer {
  const line = `€ uploads that survive ${randomBytes(6).toString('hex')} – ✓\n`;
  return Buffer.from(line.repeat(Math.ceil(bytes / Buffer.byteLength(line))));
}

async function pendingUploads(t: TestServer, userId: number): Promise<number> {
  const row = await t.server.ctx.db
    .selectFrom('resumable_uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('completed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The upload's row, by its URL. */
function rowOf(t: TestServer, url: string) {
  return t.server.ctx.db.selectFrom('resumable_uploads').selectAll().where('id', '=', url.split('/').pop()!).executeTakeFirst();
}

async function leased(t: TestServer, key: string): Promise<boolean> {
  return (await t.server.ctx.db.selectFrom('object_leases').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}

interface TusJsOptions {
  /** The server's address, or a proxy's in front of it. */
  base?: string;
  metadata?: Record<string, string>;
  retryDelays?: number[] | null;
  /** Where the client remembers its uploads by fingerprint, as a browser's local storage does. */
  urlStorage?: tus.UrlStorage;
}

/** Sends `content` through tus-js-client in Node, `chunkSize` bytes per PATCH; resolves the stored file's id. */
function tusJsUpload(t: TestServer, token: string, name: string, content: Buffer, chunkSize: number, opts: TusJsOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(content, {
      endpoint: `${opts.base ?? t.url}/api/uploads`,
      chunkSize,
      headers: { authorization: `Bearer ${token}` },
      metadata: opts.metadata ?? { filename: name, is_public: 'false', tags: JSON.stringify(['big', 'resumable']) },
      retryDelays: opts.retryDelays === undefined ? [0, 100, 500] : opts.retryDelays,
      ...(opts.urlStorage && { urlStorage: opts.urlStorage, fingerprint: async () => `${name}-${content.length}`, removeFingerprintOnSuccess: true }),
      onSuccess: (payload) => resolve(Number(payload.lastResponse.getHeader('vault-file-id'))),
      onError: reject,
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** A browser's local storage of upload addresses by fingerprint, in memory. */
function memoryUrlStorage(): tus.UrlStorage & { entries: Map<string, tus.PreviousUpload & { fingerprint: string }> } {
  const entries = new Map<string, tus.PreviousUpload & { fingerprint: string }>();
  let next = 0;
  return {
    entries,
    findAllUploads: async () => [...entries.values()],
    findUploadsByFingerprint: async (fingerprint) => [...entries.entries()].filter(([, e]) => e.fingerprint === fingerprint).map(([key, e]) => ({ ...e, urlStorageKey: key })),
    removeUpload: async (key) => void entries.delete(key),
    addUpload: async (fingerprint, upload) => {
      const key = `upload-${(next += 1)}`;
      entries.set(key, { ...upload, fingerprint });
      return key;
    },
  };
}

async function filesNamed(t: TestServer, name: string): Promise<number[]> {
  return (await t.server.ctx.db.selectFrom('files').select('id').where('original_name', '=', name).execute()).map((f) => f.id);
}

/** Sends the rest of `content` from `from` on; the file it completes holds exactly `content`, and nothing of the upload is left over. */
async function completesWhole(t: TestServer, url: string, token: string, from: number, content: Buffer): Promise<void> {
  const rest = await patch(url, token, from, content.subarray(from));
  expect(rest.status).toBe(204);
  expect(sha256(await download(t, token, Number(rest.headers.get('vault-file-id'))))).toBe(sha256(content));
  expect(leftoversOf(t, (await rowOf(t, url))!.storage_key)).toEqual({ multipartUploads: [], tails: [] });
  await assertStorageConsistent(t);
}

/** A new user's upload of text that takes a request from `from` on past its first checkpoint. */
async function uploadPastACheckpoint(t: TestServer, from: number, filename: string) {
  const { token } = await t.client.register();
  const content = text(from + CHECKPOINT_BYTES + 8 * MIB);
  const { url } = await createUpload(t, token, content.length, { filename });
  return { token, url, content };
}

/**
 * Sends `content` from `from` on in one PATCH while the disk holds the fsync
 * of its checkpoint. Once the request has handed every byte to the store,
 * that fsync still held and the saved offset still at `from` (the body was
 * read on while the checkpoint's bytes were made durable, and nothing was
 * recorded ahead of them), `settle` ends the hold. Resolves the answer's status.
 */
async function pastAHeldCheckpoint(t: TestServer, url: string, token: string, from: number, content: Buffer, settle: (syncs: HeldSyncs) => Promise<void>) {
  const syncs = holdResumedSyncs();
  try {
    const { partial } = t.server.ctx.store;
    const resume = partial.resume.bind(partial);
    let written = 0;
    vi.spyOn(partial, 'resume').mockImplementation(async (...args) => {
      const writer = await resume(...args);
      const write = writer.write.bind(writer);
      vi.spyOn(writer, 'write').mockImplementation(async (chunk) => {
        written += chunk.length;
        await write(chunk);
      });
      return writer;
    });
    const request = handPatch(url, token, from, content.length - from);
    request.end(content.subarray(from));
    await vi.waitFor(() => expect(written).toBe(content.length - from), { timeout: 20_000 });
    expect(syncs.asked).toBe(1);
    expect((await rowOf(t, url))!.upload_offset).toBe(from);
    await settle(syncs);
    return await request.response;
  } finally {
    vi.restoreAllMocks();
  }
}

describeEachBackend('resumable uploads (tus)', (t) => {
  it('stores a file sent by tus-js-client in several PATCHes, byte for byte, through the usual commit', async () => {
    const { token, user } = await t().client.register();
    const content = text(11 * MIB);
    const id = await tusJsUpload(t(), token, 'big.txt', content, 3 * MIB);
    expect(id).toBeGreaterThan(0);
    expect(sha256(await download(t(), token, id))).toBe(sha256(content));
    const file = (await t().client.get(`/api/files/${id}`, { token })).body.file;
    expect(file).toMatchObject({ original_name: 'big.txt', file_size: content.length, mime_type: 'text/plain', tags: ['big', 'resumable'] });
    const activity = await t().server.ctx.db.selectFrom('activity').select('type').where('file_id', '=', id).where('type', '=', 'upload').execute();
    expect(activity).toHaveLength(1);
    expect(await pendingUploads(t(), user.id)).toBe(0);
    await assertStorageConsistent(t());
  });

  it('has the young generation collected as a PATCH body is read, so that its buffers go without full collections', async () => {
    const { token } = await t().client.register();
    const content = text(3 * YOUNG_EVERY);
    const { url } = await createUpload(t(), token, content.length, { filename: 'young.txt' });
    let status = 0;
    const collections = await forcedYoungCollections(async () => {
      status = (await patch(url, token, 0, content)).status;
    });
    expect(status).toBe(204);
    expect(collections).toBeGreaterThanOrEqual(2);
  });

  it('resumes an upload cut mid-way from the offset the server kept', async () => {
    const { token, user } = await t().client.register();
    const content = text(10 * MIB + 12345);
    const created = await createUpload(t(), token, content.length, { filename: 'cut.txt' });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-expires')).toBeTruthy();

    const first = handPatch(created.url, token, 0, content.length);
    const sent = 6 * MIB + 777; // within an S3 part, and across a multi-byte character
    await first.send(content.subarray(0, sent));
    await vi.waitFor(async () => expect((await rowOf(t(), created.url))?.lock_token).toBeTruthy());
    first.cut();
    await first.response;
    // The server keeps what reached it, whatever the cut.
    const offset = await vi.waitFor(async () => {
      const res = await patch(created.url, token, 0, Buffer.alloc(0));
      expect(res.status).toBe(409);
      const at = await offsetOf(created.url, token);
      expect(at).toBeGreaterThan(0);
      return at;
    }, { timeout: 15_000 });
    expect(offset).toBeLessThanOrEqual(sent);

    const rest = await patch(created.url, token, offset, content.subarray(offset));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(content.length);
    const id = Number(rest.headers.get('vault-file-id'));
    expect(sha256(await download(t(), token, id))).toBe(sha256(content));
    expect(await pendingUploads(t(), user.id)).toBe(0);
    await assertStorageConsistent(t());
  });

  it('hashes the content exactly across cut and short requests, from the hashes kept in memory or from the stored bytes, and the file dedups', async () => {
    const { token } = await t().client.register();
    const content = text(4 * MIB + 4321);
    const created = await createUpload(t(), token, content.length, { filename: 'hashed.txt' });
    // Cut before the head (the first MiB) is complete.
    const first = handPatch(created.url, token, 0, content.length);
    await first.send(content.subarray(0, 700 * 1024 + 1));
    await vi.waitFor(async () => expect((await rowOf(t(), created.url))?.lock_token).toBeTruthy());
    first.cut();
    await first.response;
    // Once the cut request let go of the upload (a PATCH at 0 is then refused for its offset, 409, not 423).
    const cutAt = await vi.waitFor(async () => {
      expect((await patch(created.url, token, 0, Buffer.alloc(0))).status).toBe(409);
      const at = await offsetOf(created.url, token);
      expect(at).toBeGreaterThan(0);
      return at;
    }, { timeout: 15_000 });
    // The disk store reads stored bytes back to hash them; S3 cannot, and saves hash-wasm's states instead.
    const { partial } = t().server.ctx.store;
    const reads = partial.read && vi.spyOn(partial, 'read');
    // A request that ends short of the end, taking up the hashes this server kept from the cut one.
    const middle = 2 * MIB + 5;
    expect((await patch(created.url, token, cutAt, content.subarray(cutAt, middle))).status).toBe(204);
    if (reads) expect(reads).not.toHaveBeenCalled();
    // As on an instance that never saw the upload: no hashes kept, the stored bytes are hashed again.
    t().server.ctx.hashes = new HashCache();
    const rest = await patch(created.url, token, middle, content.subarray(middle));
    expect(rest.status).toBe(204);
    if (reads) expect(reads.mock.calls).toEqual([[expect.any(String), expect.any(String), middle]]);
    const id = Number(rest.headers.get('vault-file-id'));
    expect(sha256(await download(t(), token, id))).toBe(sha256(content));
    const blob = await blobOf(t(), content);
    expect(blob?.head_hash).toBe(sha256(content.subarray(0, MIB)));
    // The same content sent in one request is recognised as the same: one blob, one object.
    const objects = (await storedKeys(t())).length;
    await uploadOne(t().client, token, { name: 'hashed copy.txt', content });
    expect((await blobOf(t(), content))?.ref_count).toBe(2);
    expect((await storedKeys(t())).length).toBe(objects);
    await assertStorageConsistent(t());
  });

  it('refuses a PATCH at the wrong offset (409) and one while another writes (423), never mixing bytes', async () => {
    const { token } = await t().client.register();
    const content = text(2 * MIB);
    const { url } = await createUpload(t(), token, content.length, { filename: 'race.txt' });
    expect((await patch(url, token, 5, content.subarray(5))).status).toBe(409);

    const slow = handPatch(url, token, 0, content.length);
    await slow.send(content.subarray(0, MIB));
    await vi.waitFor(async () => expect((await rowOf(t(), url))?.lock_token).toBeTruthy());
    const second = await patch(url, token, 0, content);
    expect(second.status).toBe(423);
    expect(second.body.error).toMatch(/another request/i);
    slow.end(content.subarray(MIB));
    expect(await slow.response).toBe(204);
    const ids = await t().server.ctx.db.selectFrom('files').select('id').where('original_name', '=', 'race.txt').execute();
    expect(ids).toHaveLength(1);
    expect(sha256(await download(t(), token, ids[0]!.id))).toBe(sha256(content));
  });

  it('refuses too large (413), over quota counting unfinished uploads (507) and too many unfinished (403) before any byte', async () => {
    const { token } = await t().client.register();
    const max = t().server.config.maxFileBytes;
    const tooLarge = await createUpload(t(), token, max + 1, { filename: 'huge.txt' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatch(/limit/);

    // The quota is 1 GiB: two unfinished uploads of 400 MiB leave no room for a third.
    const a = await createUpload(t(), token, 90 * MIB, { filename: 'a.txt' });
    expect(a.status).toBe(201);
    await t().server.ctx.db.updateTable('resumable_uploads').set({ upload_length: 500 * MIB }).where('id', '=', a.url.split('/').pop()!).execute();
    const b = await createUpload(t(), token, 90 * MIB, { filename: 'b.txt' });
    expect(b.status).toBe(201);
    await t().server.ctx.db.updateTable('resumable_uploads').set({ upload_length: 500 * MIB }).where('id', '=', b.url.split('/').pop()!).execute();
    const over = await createUpload(t(), token, 90 * MIB, { filename: 'c.txt' });
    expect(over.status).toBe(507);
    expect(over.body).toMatchObject({ error: 'Storage quota exceeded' });
    expect((await tusRequest(a.url, 'DELETE', token)).status).toBe(204);
    expect((await tusRequest(b.url, 'DELETE', token)).status).toBe(204);

    const other = await t().client.register();
    const limit = t().server.config.resumable.maxPending;
    const urls: string[] = [];
    for (let i = 0; i < limit; i++) {
      const created = await createUpload(t(), other.token, 10, { filename: `n${i}.txt` });
      expect(created.status).toBe(201);
      urls.push(created.url);
    }
    const tooMany = await createUpload(t(), other.token, 10, { filename: 'one-more.txt' });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.error).toMatch(/unfinished uploads/);
    // A completed upload is no longer unfinished, though it is kept to answer its client.
    expect((await patch(urls[0]!, other.token, 0, Buffer.from('0123456789'))).status).toBe(204);
    expect((await createUpload(t(), other.token, 10, { filename: 'one-more.txt' })).status).toBe(201);
    await t().server.ctx.db.updateTable('resumable_uploads').set({ expires_at: 0 }).where('user_id', '=', other.user.id).execute();
    expect((await runMaintenance(t().server.ctx)).resumableExpired).toBe(limit + 1);
  });

  it('counts an upload being committed against the quota until its file is, as one still arriving', async () => {
    const { token, user } = await t().client.register();
    await t().server.ctx.db.updateTable('users').set({ storage_quota_bytes: 1000 }).where('id', '=', user.id).execute();
    const content = text(600);
    const first = await createUpload(t(), token, content.length, { filename: 'first.txt' });
    const { partial } = t().server.ctx.store;
    const complete = partial.complete.bind(partial);
    let completing!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (completing = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(partial, 'complete').mockImplementationOnce(async (key, state) => {
      completing();
      await released;
      return complete(key, state);
    });
    const sending = patch(first.url, token, 0, content);
    await held;
    const meanwhile = await createUpload(t(), token, content.length, { filename: 'second.txt' });
    release();
    expect((await sending).status).toBe(204);
    expect(meanwhile).toMatchObject({ status: 507, body: { error: 'Storage quota exceeded' } });
  });

  it('validates the metadata like the multipart route', async () => {
    const { token, user } = await t().client.register();
    const stranger = await t().client.register();
    const folder = await t().client.post('/api/folders', { token: stranger.token, json: { name: 'theirs', parent_id: null, is_public: false } });
    const cases: [Record<string, string>, number][] = [
      [{}, 400],
      [{ filename: 'x.exe' }, 415],
      [{ filename: 'x.txt', folder_id: String(folder.body.folder?.id ?? folder.body.id) }, 404],
      [{ filename: 'x.txt', folder_id: 'abc' }, 400],
      [{ filename: 'x.txt', tags: JSON.stringify(Array.from({ length: 11 }, (_, i) => `t${i}`)) }, 400],
      [{ filename: 'x.txt', tags: 'not json' }, 400],
      [{ filename: 'x.txt', is_public: 'maybe' }, 400],
    ];
    for (const [fields, status] of cases) expect((await createUpload(t(), token, 10, fields)).status, JSON.stringify(fields)).toBe(status);
    const noVersion = await fetch(`${t().url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'upload-length': '1' } });
    expect(noVersion.status).toBe(412);
    expect(noVersion.headers.get('tus-version')).toBe('1.0.0');
    const deferred = await tusRequest(`${t().url}/api/uploads`, 'POST', token, { 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect((await fetch(`${t().url}/api/uploads`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '1' } })).status).toBe(401);
    expect(await pendingUploads(t(), user.id)).toBe(0);
  });

  it('refuses content that is not what its name says, leaving nothing behind', async () => {
    const { token, user } = await t().client.register();
    const before = (await storedKeys(t())).length;
    const content = text(MIB);
    const { url } = await createUpload(t(), token, content.length, { filename: 'fake.png' });
    const key = (await rowOf(t(), url))!.storage_key;
    expect(await leased(t(), key)).toBe(true);
    const res = await patch(url, token, 0, content);
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('File content does not match its extension');
    expect(await pendingUploads(t(), user.id)).toBe(0);
    expect(await leased(t(), key)).toBe(false);
    expect(await storedKeys(t())).toHaveLength(before);
    expect((await tusRequest(url, 'HEAD', token)).status).toBe(404);
  });

  it('hides an upload from every other user (404) and lets its owner cancel it', async () => {
    const owner = await t().client.register();
    const stranger = await t().client.register();
    const content = text(MIB);
    const { url } = await createUpload(t(), owner.token, content.length, { filename: 'mine.txt' });
    expect((await tusRequest(url, 'HEAD', stranger.token)).status).toBe(404);
    expect((await patch(url, stranger.token, 0, content)).status).toBe(404);
    expect((await tusRequest(url, 'DELETE', stranger.token)).status).toBe(404);
    expect(await offsetOf(url, owner.token)).toBe(0);

    expect((await patch(url, owner.token, 0, content.subarray(0, 1000))).status).toBe(204);
    expect(await pendingUploads(t(), owner.user.id)).toBe(1);
    const key = (await rowOf(t(), url))!.storage_key;
    expect(leftoversOf(t(), key).tails).toHaveLength(t().s3 ? 1 : 0);
    expect((await tusRequest(url, 'DELETE', owner.token)).status).toBe(204);
    expect(await pendingUploads(t(), owner.user.id)).toBe(0);
    // On S3 too: neither the multipart upload nor the bytes waiting beside it remain.
    expect(leftoversOf(t(), key)).toEqual({ multipartUploads: [], tails: [] });
    expect((await tusRequest(url, 'HEAD', owner.token)).status).toBe(404);
    await assertStorageConsistent(t());
  });

  it('removes the bytes of expired uploads in the maintenance pass', async () => {
    const { token } = await t().client.register();
    const content = text(7 * MIB);
    const before = (await storedKeys(t())).length;
    const { url } = await createUpload(t(), token, content.length * 2, { filename: 'left.txt' });
    // On S3: a part of 6 MiB, and 1 MiB waiting beside it for the next.
    expect((await patch(url, token, 0, content.subarray(0, 6 * MIB))).status).toBe(204);
    expect((await patch(url, token, 6 * MIB, content.subarray(6 * MIB))).status).toBe(204);
    const { id, storage_key: key } = (await rowOf(t(), url))!;
    if (t().s3) expect(leftoversOf(t(), key)).toEqual({ multipartUploads: [key], tails: [expect.stringMatching(/^partials\//)] });
    await t().server.ctx.db.updateTable('resumable_uploads').set({ expires_at: Date.now() - 1 }).where('id', '=', id).execute();
    expect((await tusRequest(url, 'HEAD', token)).status).toBe(404);
    const report = await runMaintenance(t().server.ctx);
    expect(report.resumableExpired).toBe(1);
    expect(await storedKeys(t())).toHaveLength(before);
    expect(await leased(t(), key)).toBe(false);
    expect(leftoversOf(t(), key)).toEqual({ multipartUploads: [], tails: [] });
  });

  it('checks each PATCH against its Upload-Checksum: a mismatch (460) or a cut appends nothing', async () => {
    const { token } = await t().client.register();
    const options = await fetch(`${t().url}/api/uploads`, { method: 'OPTIONS' });
    expect(options.headers.get('tus-extension')!.split(',')).toContain('checksum');
    expect(options.headers.get('tus-checksum-algorithm')).toBe('sha1,sha256');
    const content = text(10 * MIB + 5);
    const { url } = await createUpload(t(), token, content.length, { filename: 'checked.txt' });
    const first = content.subarray(0, MIB);
    expect((await patch(url, token, 0, first, { 'upload-checksum': checksumOf('sha256', first) })).status).toBe(204);

    // On S3 the first MiB waits beside the object, and these bytes take it into a part before the check fails.
    const second = content.subarray(MIB, 10 * MIB);
    const wrong = await patch(url, token, MIB, second, { 'upload-checksum': checksumOf('sha256', Buffer.from('something else')) });
    expect(wrong.status).toBe(460);
    expect(wrong.body.error).toMatch(/Upload-Checksum/);
    expect(await offsetOf(url, token)).toBe(MIB);
    const md5 = await patch(url, token, MIB, second, { 'upload-checksum': `md5 ${createHash('md5').update(second).digest('base64')}` });
    expect(md5.status).toBe(400);
    expect(md5.body.error).toMatch(/sha1, sha256/);

    // Bytes that stop short of their checksum cannot be checked: none of them is kept.
    const cut = handPatch(url, token, MIB, second.length, { 'upload-checksum': checksumOf('sha1', second) });
    await cut.send(second.subarray(0, 3 * MIB));
    await vi.waitFor(async () => expect((await rowOf(t(), url))?.lock_token).toBeTruthy());
    cut.cut();
    await cut.response;
    await vi.waitFor(async () => expect((await rowOf(t(), url))?.lock_token).toBeNull(), { timeout: 15_000 });
    expect(await offsetOf(url, token)).toBe(MIB);

    expect((await patch(url, token, MIB, second, { 'upload-checksum': checksumOf('sha1', second) })).status).toBe(204);
    const rest = content.subarray(10 * MIB);
    const last = await patch(url, token, 10 * MIB, rest, { 'upload-checksum': checksumOf('sha256', rest) });
    expect(last.status).toBe(204);
    const id = Number(last.headers.get('vault-file-id'));
    expect(sha256(await download(t(), token, id))).toBe(sha256(content));
    expect(leftoversOf(t(), (await rowOf(t(), url))!.storage_key)).toEqual({ multipartUploads: [], tails: [] });
    await assertStorageConsistent(t());
  });

  it('refuses a PATCH carrying more than the upload lacks (413) over its own connection, keeping none of its bytes', async () => {
    const { token } = await t().client.register();
    const small = await createUpload(t(), token, 5, { filename: 'five.txt' });
    const over = await patch(small.url, token, 0, Buffer.from('abcdefgh'));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: 'The upload is 5 bytes long and this request sent more; the upload stays at 0' });
    expect(await offsetOf(small.url, token)).toBe(0);
    // Nothing to complete with an empty PATCH: the first five bytes were not kept either.
    expect((await patch(small.url, token, 5, Buffer.alloc(0))).status).toBe(409);
    expect(await filesNamed(t(), 'five.txt')).toEqual([]);
    const retried = await patch(small.url, token, 0, Buffer.from('abcde'));
    expect(retried.status).toBe(204);
    expect((await download(t(), token, Number(retried.headers.get('vault-file-id')))).toString()).toBe('abcde');

    // Refused long before the body's end (on S3, after a part of it was stored), the answer still arrives.
    const content = text(10 * MIB);
    const { url } = await createUpload(t(), token, content.length, { filename: 'longer.txt' });
    expect((await patch(url, token, 0, content.subarray(0, MIB))).status).toBe(204);
    const long = await patch(url, token, MIB, Buffer.concat([content.subarray(MIB), text(32 * MIB)]));
    expect(long.status).toBe(413);
    expect(long.headers.get('connection')).toBe('close');
    expect(long.body).toEqual({ error: `The upload is ${content.length} bytes long and this request sent more; the upload stays at ${MIB}` });
    expect(await offsetOf(url, token)).toBe(MIB);
    await completesWhole(t(), url, token, MIB, content);
  });

  it('takes back the checkpoint a PATCH saved before it turned out too long', async () => {
    const { token, url, content } = await uploadPastACheckpoint(t(), MIB, 'rewound.txt');
    expect((await patch(url, token, 0, content.subarray(0, MIB))).status).toBe(204);
    // Its last byte is one too many: the request was saved at a checkpoint long before.
    const over = await patch(url, token, MIB, Buffer.concat([content.subarray(MIB), Buffer.from('!')]));
    expect(over.status).toBe(413);
    expect(await offsetOf(url, token)).toBe(MIB);
    await completesWhole(t(), url, token, MIB, content);
  });

  it('completes at once for content the caller owns, and never for content only another user owns', async () => {
    const owner = await t().client.register();
    const other = await t().client.register();
    const content = samples.png(randomBytes(2000));
    await uploadOne(t().client, owner.token, { name: 'original.png', content });
    const hash = sha256(content);

    const instant = await createUpload(t(), owner.token, content.length, { filename: 'again.png', sha256: hash, tags: '["copy"]' });
    expect(instant.status).toBe(201);
    expect(instant.fileId).toBeGreaterThan(0);
    expect(Number(instant.headers.get('upload-offset'))).toBe(content.length);
    expect(sha256(await download(t(), owner.token, instant.fileId!))).toBe(hash);
    expect((await t().client.get(`/api/files/${instant.fileId}`, { token: owner.token })).body.file).toMatchObject({ original_name: 'again.png', tags: ['copy'] });

    // Another user naming the same hash gets an ordinary upload that waits for bytes.
    const theirs = await createUpload(t(), other.token, content.length, { filename: 'guess.png', sha256: hash });
    expect(theirs.status).toBe(201);
    expect(theirs.fileId).toBeUndefined();
    expect(await offsetOf(theirs.url, other.token)).toBe(0);
    // The same hash under a name whose type the content does not fit is not instant either.
    const wrongType = await createUpload(t(), owner.token, content.length, { filename: 'again.pdf', sha256: hash });
    expect(wrongType.fileId).toBeUndefined();
    await tusRequest(theirs.url, 'DELETE', other.token);
    await tusRequest(wrongType.url, 'DELETE', owner.token);
    await assertStorageConsistent(t());
  });

  it('stores an empty file at creation', async () => {
    const { token } = await t().client.register();
    const created = await createUpload(t(), token, 0, { filename: 'empty.txt' });
    expect(created.status).toBe(201);
    expect(created.fileId).toBeGreaterThan(0);
    expect(await download(t(), token, created.fileId!)).toHaveLength(0);
  });
  it('tells a client whose reply to the last PATCH was lost that the upload finished, and stores the file once', async () => {
    const { token, user } = await t().client.register();
    const content = text(3 * MIB + 100);
    const proxy = await lossyProxy(t().url);
    try {
      const id = await tusJsUpload(t(), token, 'lost-reply.txt', content, MIB, { base: proxy.url });
      expect(proxy.dropped).toBe(1);
      // The client asked where the upload stands (HEAD) and heard it was complete: no second upload.
      expect(proxy.requests.POST).toBe(1);
      expect(proxy.requests.HEAD).toBe(1);
      expect(await filesNamed(t(), 'lost-reply.txt')).toEqual([id]);
      expect(sha256(await download(t(), token, id))).toBe(sha256(content));
      expect(await pendingUploads(t(), user.id)).toBe(0);
    } finally {
      await proxy.close();
    }
    await assertStorageConsistent(t());
  });

  it('finishes at once when the same file is chosen again after a lost reply, until its file is deleted', async () => {
    const { token } = await t().client.register();
    const content = text(2 * MIB);
    const storage = memoryUrlStorage();
    const proxy = await lossyProxy(t().url);
    let url: string;
    try {
      // No retries: the client gives up, and its storage still holds the upload's address.
      await expect(tusJsUpload(t(), token, 'again.txt', content, MIB, { base: proxy.url, retryDelays: null, urlStorage: storage })).rejects.toThrow();
      expect(storage.entries.size).toBe(1);
      url = [...storage.entries.values()][0]!.uploadUrl!;
      const id = await tusJsUpload(t(), token, 'again.txt', content, MIB, { base: proxy.url, urlStorage: storage });
      expect(proxy.requests.POST).toBe(1);
      expect(storage.entries.size).toBe(0);
      expect(await filesNamed(t(), 'again.txt')).toEqual([id]);

      const head = await tusRequest(url.replace(proxy.url, t().url), 'HEAD', token);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(content.length));
      expect(head.headers.get('upload-length')).toBe(String(content.length));
      expect(head.headers.get('vault-file-id')).toBe(String(id));
      // A finished upload takes no more bytes and cannot be cancelled; the file is what stays.
      expect((await patch(url.replace(proxy.url, t().url), token, 0, content)).status).toBe(409);
      expect((await tusRequest(url.replace(proxy.url, t().url), 'DELETE', token)).status).toBe(409);
      expect((await t().client.delete(`/api/files/${id}`, { token })).status).toBe(204);
    } finally {
      await proxy.close();
    }
    // Once the file is gone, so is the upload: the client would send the file anew.
    expect((await tusRequest(url.replace(proxy.url, t().url), 'HEAD', token)).status).toBe(404);
  });

  it('keeps what a finished upload tells a client until it expires, and never removes its file with it', async () => {
    const { token } = await t().client.register();
    const content = text(MIB);
    const { url } = await createUpload(t(), token, content.length, { filename: 'kept.txt' });
    const done = await patch(url, token, 0, content);
    const id = Number(done.headers.get('vault-file-id'));
    expect((await tusRequest(url, 'HEAD', token)).headers.get('upload-offset')).toBe(String(content.length));
    const row = (await rowOf(t(), url))!;
    expect(row.completed_at).toBeGreaterThan(0);
    // While the request that brought the last byte still commits the file, a client asking is told to wait.
    const finishing = t().server.ctx.db.updateTable('resumable_uploads').where('id', '=', row.id);
    await finishing.set({ file_id: null, locked_until: Date.now() + 60_000 }).execute();
    expect((await tusRequest(url, 'HEAD', token)).status).toBe(423);
    // A commit that never ended (its instance died) leaves nothing to tell.
    await finishing.set({ locked_until: Date.now() - 1 }).execute();
    expect((await tusRequest(url, 'HEAD', token)).status).toBe(404);
    await finishing.set({ file_id: id, locked_until: null }).execute();
    await t().server.ctx.db.updateTable('resumable_uploads').set({ expires_at: Date.now() - 1 }).where('id', '=', url.split('/').pop()!).execute();
    expect((await runMaintenance(t().server.ctx)).resumableExpired).toBe(1);
    expect(await rowOf(t(), url)).toBeUndefined();
    expect((await tusRequest(url, 'HEAD', token)).status).toBe(404);
    expect(sha256(await download(t(), token, id))).toBe(sha256(content));
    await assertStorageConsistent(t());
  });

  it('completes an instant upload for tus-js-client, which learns the file without sending its bytes', async () => {
    const { token } = await t().client.register();
    const content = samples.png(randomBytes(3000));
    const first = await tusJsUpload(t(), token, 'first.png', content, MIB, { metadata: { filename: 'first.png' } });
    const before = (await storedKeys(t())).length;
    const proxy = await lossyProxy(t().url, 0);
    try {
      const id = await tusJsUpload(t(), token, 'second.png', content, MIB, { base: proxy.url, metadata: { filename: 'second.png', sha256: sha256(content) } });
      expect(id).not.toBe(first);
      expect(await filesNamed(t(), 'second.png')).toEqual([id]);
      expect(proxy.requests.POST).toBe(1);
    } finally {
      await proxy.close();
    }
    expect(await storedKeys(t())).toHaveLength(before);
    await assertStorageConsistent(t());
  });
});

describeEachDb(
  'a resumable upload taken up late, or long to complete',
  (t) => {
    it('renews its object\'s lease as a request takes it up, and holds its lock while the object is completed', async () => {
      const { token } = await t().client.register();
      const content = samples.text('slow going\n'.repeat(100));
      const half = Math.floor(content.length / 2);
      const created = await createUpload(t(), token, content.length, { filename: 'slow.txt' });
      expect((await patch(created.url, token, 0, content.subarray(0, half))).status).toBe(204);
      const db = t().server.ctx.db;
      const row = await db.selectFrom('resumable_uploads').select(['id', 'storage_key']).where('file_name', '=', 'slow.txt').executeTakeFirstOrThrow();
      // The object's lease is about to end, as near the upload's expiry.
      const soon = Date.now() + 1_000;
      await db.updateTable('object_leases').set({ expires_at: soon }).where('key', '=', row.storage_key).execute();
      const lockedUntil = async () => Number((await db.selectFrom('resumable_uploads').select('locked_until').where('id', '=', row.id).executeTakeFirstOrThrow()).locked_until);
      const leaseEnds = async () => Number((await db.selectFrom('object_leases').select('expires_at').where('key', '=', row.storage_key).executeTakeFirstOrThrow()).expires_at);
      const partial = t().server.ctx.store.partial;
      const complete = partial.complete.bind(partial);
      let leaseWhileCompleting = 0;
      // Completing takes longer than the lock lasts (twice UPLOAD_IDLE_SECONDS): it is renewed meanwhile.
      vi.spyOn(partial, 'complete').mockImplementationOnce(async (key, state) => {
        leaseWhileCompleting = await leaseEnds();
        const first = await lockedUntil();
        await vi.waitFor(async () => expect(await lockedUntil()).toBeGreaterThan(first), { timeout: 5_000 });
        return complete(key, state);
      });
      const rest = await patch(created.url, token, half, content.subarray(half));
      expect(rest.status).toBe(204);
      expect(leaseWhileCompleting).toBeGreaterThan(soon);
      expect(sha256(await download(t(), token, Number(rest.headers.get('vault-file-id'))))).toBe(sha256(content));
    });

    it('completes an upload whose every byte is in though its request then stalls, so that no client is told an offset at the end with no file', async () => {
      const { token } = await t().client.register();
      const content = samples.text('all of it arrives\n'.repeat(50));
      const created = await createUpload(t(), token, content.length, { filename: 'stalled.txt' });
      // One byte more declared than sent: the body never ends, and the request stalls after the last byte.
      const stalling = handPatch(created.url, token, 0, content.length + 1);
      await stalling.send(content);
      expect(await stalling.response).toBe(204);
      stalling.cut();
      const head = await tusRequest(created.url, 'HEAD', token);
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('upload-offset'))).toBe(content.length);
      const [id] = await filesNamed(t(), 'stalled.txt');
      expect(Number(head.headers.get('vault-file-id'))).toBe(id);
      expect(sha256(await download(t(), token, id!))).toBe(sha256(content));
    });
  },
  { UPLOAD_IDLE_SECONDS: '1' },
);

describeEachDb('a checkpoint within a resumable upload’s request, on disk', (t) => {
  it('reads on while the checkpoint’s bytes are made durable, and completes once they are', async () => {
    const { token, url, content } = await uploadPastACheckpoint(t(), 0, 'overlap.txt');
    expect(await pastAHeldCheckpoint(t(), url, token, 0, content, async (syncs) => syncs.release())).toBe(204);
    const [id] = await filesNamed(t(), 'overlap.txt');
    expect(sha256(await download(t(), token, id!))).toBe(sha256(content));
    await assertStorageConsistent(t());
  });

  it('answers with the failure of a checkpoint saved behind the reading, the upload staying where it was last saved', async () => {
    const { token, url, content } = await uploadPastACheckpoint(t(), MIB, 'failed.txt');
    expect((await patch(url, token, 0, content.subarray(0, MIB))).status).toBe(204);
    const failed = async (syncs: HeldSyncs) => syncs.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    expect(await pastAHeldCheckpoint(t(), url, token, MIB, content, failed)).toBe(500);
    expect(await offsetOf(url, token)).toBe(MIB);
    const rest = await patch(url, token, MIB, content.subarray(MIB));
    expect(rest.status).toBe(204);
    expect(sha256(await download(t(), token, Number(rest.headers.get('vault-file-id'))))).toBe(sha256(content));
  });

  it('records the last byte only with the completion, never at a checkpoint that falls on it', async () => {
    const { token } = await t().client.register();
    const content = text(CHECKPOINT_BYTES);
    const { url } = await createUpload(t(), token, content.length, { filename: 'exact.txt' });
    const { partial } = t().server.ctx.store;
    const resume = partial.resume.bind(partial);
    let checkpoints = 0;
    vi.spyOn(partial, 'resume').mockImplementation(async (...args) => {
      const writer = await resume(...args);
      const checkpoint = writer.checkpoint.bind(writer);
      vi.spyOn(writer, 'checkpoint').mockImplementation(() => {
        checkpoints += 1;
        return checkpoint();
      });
      return writer;
    });
    try {
      expect((await patch(url, token, 0, content)).status).toBe(204);
    } finally {
      vi.restoreAllMocks();
    }
    // One: the completion's. A checkpoint on the last byte would record every byte in with no file yet.
    expect(checkpoints).toBe(1);
  });

  it('stops a request whose upload was taken over while its checkpoint was saved (409)', async () => {
    const { token, url, content } = await uploadPastACheckpoint(t(), 0, 'taken.txt');
    const takenOver = async (syncs: HeldSyncs) => {
      await t().server.ctx.db.updateTable('resumable_uploads').set({ lock_token: 'another request' }).where('id', '=', url.split('/').pop()!).execute();
      syncs.release();
    };
    expect(await pastAHeldCheckpoint(t(), url, token, 0, content, takenOver)).toBe(409);
    expect((await rowOf(t(), url))!.upload_offset).toBe(0);
    expect(await filesNamed(t(), 'taken.txt')).toEqual([]);
  });
});
