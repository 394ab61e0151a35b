import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, it, vi } from 'vitest';
import { describeEachBackend, describeEachDb } from './helpers/server.js';
import { assertStorageConsistent, blobOf, countRows, samples, storedKeys, upload, uploadForm, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { setQuotaBytes } from './helpers/users.js';

describeEachBackend('upload', (t) => {
  it('stores every accepted type with the sniffed MIME type', async () => {
    const { token } = await t().client.register();
    const files = [
      { name: 'a.png', content: samples.png(), mime: 'image/png' },
      { name: 'b.jpg', content: samples.jpeg(), mime: 'image/jpeg' },
      { name: 'c.jpeg', content: samples.jpeg(), mime: 'image/jpeg' },
      { name: 'd.gif', content: samples.gif(), mime: 'image/gif' },
      { name: 'e.webp', content: samples.webp(), mime: 'image/webp' },
      { name: 'f.pdf', content: samples.pdf(), mime: 'application/pdf' },
      { name: 'g.txt', content: samples.text(), mime: 'text/plain' },
      { name: 'h.md', content: samples.text('# Title\n'), mime: 'text/markdown' },
      { name: 'i.csv', content: samples.text('a,b\n1,2\n'), mime: 'text/csv' },
      { name: 'j.JSON', content: samples.text('{"a":1}'), mime: 'application/json' },
    ];
    // The browser's claimed type is ignored: the content decides.
    const res = await upload(t().client, token, files.map((f) => ({ name: f.name, content: f.content, type: 'text/html' })));
    expect(res.status).toBe(201);
    expect(res.body.files.map((f) => [f.original_name, f.mime_type, f.file_size])).toEqual(files.map((f) => [f.name, f.mime, f.content.length]));
    const zip = await upload(t().client, token, [{ name: 'k.zip', content: samples.zip() }]);
    expect(zip.body.files[0]?.mime_type).toBe('application/zip');
  });

  it('returns the File fields of the spec, with tags, visibility and folder', async () => {
    const { token, user } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Docs');
    const res = await upload(t().client, token, [{ name: 'r.pdf', content: samples.pdf() }], {
      is_public: 'true',
      folder_id: String(folder.id),
      tags: [' work ', 'Work', 'urgent'],
    });
    expect(res.status).toBe(201);
    const file = res.body.files[0]!;
    expect(file).toMatchObject({
      user_id: user.id,
      username: user.username,
      original_name: 'r.pdf',
      is_public: true,
      is_duplicate: false,
      download_count: 0,
      reference_count: 1,
      tags: ['urgent', 'work'],
      folder_id: folder.id,
      folder_name: 'Docs',
    });
    expect(Date.parse(file.created_at)).not.toBeNaN();
  });

  it('accepts fields sent after the files', async () => {
    const { token } = await t().client.register();
    const form = uploadForm([{ name: 'late.txt', content: samples.text() }], { is_public: 'true', tags: 'late' }, true);
    const res = await t().client.post('/api/files/upload', { token, body: form });
    expect(res.status).toBe(201);
    expect(res.body.files[0]).toMatchObject({ is_public: true, tags: ['late'] });
  });

  it('refuses 11 files with 400 and stores nothing', async () => {
    const { token } = await t().client.register();
    const before = { files: await countRows(t(), 'files'), objects: (await storedKeys(t())).length };
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, content: samples.text() }));
    const res = await upload(t().client, token, files);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'At most 10 files per upload', code: 'tooManyFilesPerUpload', params: { max: 10 } });
    expect(await countRows(t(), 'files')).toBe(before.files);
    expect((await storedKeys(t()))).toHaveLength(before.objects);
  });

  it.each([
    [['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'], 'Maximum 10 tags allowed'],
    [['x'.repeat(51)], 'Tags must be at most 50 characters'],
    [['   '], 'Tags cannot be blank'],
  ])('refuses bad tags %j with 400 and stores nothing', async (tags, message) => {
    const { token } = await t().client.register();
    const objects = (await storedKeys(t())).length;
    const res = await upload(t().client, token, [{ name: 't.txt', content: samples.text() }], { tags });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await storedKeys(t()))).toHaveLength(objects);
  });

  it('treats repeated tags as one and keeps 10 distinct', async () => {
    const { token } = await t().client.register();
    const tags = [...'abcdefghij'].flatMap((c) => [c, c.toUpperCase()]);
    const res = await upload(t().client, token, [{ name: 't.txt', content: samples.text() }], { tags });
    expect(res.status).toBe(201);
    expect(res.body.files[0]!.tags).toHaveLength(10);
  });

  it.each([
    ['a PNG renamed .pdf', 'x.pdf', () => samples.png(), 'File content does not match its extension'],
    ['a PDF renamed .png', 'x.png', () => samples.pdf(), 'File content does not match its extension'],
    ['an executable renamed .txt', 'x.txt', () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(64)]), 'File content does not match its extension'],
    ['invalid UTF-8 as .csv', 'x.csv', () => Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a]), 'File content does not match its extension'],
    ['a cut UTF-8 sequence as .md', 'x.md', () => Buffer.from([0x61, 0xe2, 0x82]), 'File content does not match its extension'],
    ['a ZIP renamed .jpg', 'x.jpg', () => samples.zip(), 'File content does not match its extension'],
    ['text renamed .zip', 'x.zip', () => samples.text(), 'File content does not match its extension'],
    ['an .exe', 'setup.exe', () => samples.text(), 'File type .exe is not allowed'],
    ['an .svg', 'logo.svg', () => samples.text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'File type .svg is not allowed'],
    ['no extension', 'README', () => samples.text(), 'Files need an extension (jpeg, jpg, png, gif, webp, pdf, txt, md, csv, json, zip)'],
  ])('refuses %s with 415 and leaves nothing behind', async (_label, name, content, message) => {
    const { token } = await t().client.register();
    const objects = (await storedKeys(t())).length;
    const files = await countRows(t(), 'files');
    const res = await upload(t().client, token, [{ name, content: content() }]);
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(message);
    expect(res.body.results).toEqual([expect.objectContaining({ ok: false, name, error: message, status: 415 })]);
    expect((await storedKeys(t()))).toHaveLength(objects);
    expect(await countRows(t(), 'files')).toBe(files);
  });

  it('keeps files independent: 207 with per-file results in request order', async () => {
    const { token } = await t().client.register();
    const res = await upload(t().client, token, [
      { name: 'ok.txt', content: samples.text() },
      { name: 'bad.png', content: samples.text() },
      { name: 'ok.pdf', content: samples.pdf() },
    ]);
    expect(res.status).toBe(207);
    expect(res.body.results.map((r) => [r.name, r.ok])).toEqual([['ok.txt', true], ['bad.png', false], ['ok.pdf', true]]);
    expect(res.body.files).toHaveLength(2);
    expect(res.body.error).toBeUndefined();
    await assertStorageConsistent(t());
  });

  it("refuses a folder the caller does not own with 404 before storing anything", async () => {
    const owner = await t().client.register();
    const other = await t().client.register();
    const folder = await makeFolder(t(), owner.token, 'Mine', { is_public: true });
    const objects = (await storedKeys(t())).length;
    for (const folderId of [String(folder.id), '999999']) {
      const res = await upload(t().client, other.token, [{ name: 'x.txt', content: samples.text() }], { folder_id: folderId });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Folder not found');
    }
    // Decimal digits only: "1e1" or "0x1F" name no folder, though Number() would read 10 and 31.
    for (const folderId of ['abc', '1e1', '0x1F', ` ${folder.id}`, `${folder.id}.0`]) {
      const bad = await upload(t().client, owner.token, [{ name: 'x.txt', content: samples.text() }], { folder_id: folderId });
      expect(bad.status, folderId).toBe(400);
      expect(bad.body.error).toBe('folder_id must be a folder id');
    }
    expect((await storedKeys(t()))).toHaveLength(objects);
  });

  it('keeps hostile names as metadata: the last path segment, no control or bidi characters', async () => {
    const { token } = await t().client.register();
    const res = await upload(t().client, token, [
      { name: '../../etc/passwd.txt', content: samples.text() },
      { name: 'C:\\Users\\me\\report.pdf', content: samples.pdf() },
      { name: 'evil\u202Etxt.exe.txt', content: samples.text() },
      { name: `${'n'.repeat(300)}.txt`, content: samples.text() },
    ]);
    expect(res.status).toBe(201);
    const names = res.body.files.map((f) => f.original_name);
    expect(names.slice(0, 3)).toEqual(['passwd.txt', 'report.pdf', 'eviltxt.exe.txt']);
    expect(names[3]).toHaveLength(255);
    expect(names[3]!.endsWith('.txt')).toBe(true);
  });

  it('refuses requests that are not uploads', async () => {
    const { token } = await t().client.register();
    const json = await t().client.post('/api/files/upload', { token, json: { files: [] } });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe('Expected a multipart/form-data upload');
    const empty = await t().client.post('/api/files/upload', { token, body: uploadForm([], { is_public: 'true' }) });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('No files were uploaded');
    const wrongField = new FormData();
    wrongField.append('document', new Blob([samples.text()]), 'a.txt');
    expect((await t().client.post('/api/files/upload', { token, body: wrongField })).status).toBe(400);
    const anonymous = await t().client.post('/api/files/upload', { body: uploadForm([{ name: 'a.txt', content: samples.text() }]) });
    expect(anonymous.status).toBe(401);
  });

  it('records an upload activity row with the file', async () => {
    const { token, user } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 'log.txt', content: samples.text() });
    const row = await t().server.ctx.db.selectFrom('activity').selectAll().where('file_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'upload', user_id: user.id, file_name: 'log.txt' });
  });

  it('writes one object per distinct content', async () => {
    const { token } = await t().client.register();
    const content = samples.pdf();
    await uploadOne(t().client, token, { name: 'one.pdf', content });
    const blob = await blobOf(t(), content);
    expect(blob?.ref_count).toBe(1);
    expect((await storedKeys(t()))).toContain(blob?.storage_key);
    await assertStorageConsistent(t());
  });

  it('hashes content of several MiB, chunked by the network, to its SHA-256 and stores it once', async () => {
    const { token } = await t().client.register();
    const content = Buffer.from(randomBytes(1700 * 1024).toString('hex'));
    await uploadOne(t().client, token, { name: 'long.txt', content });
    expect((await blobOf(t(), content))?.ref_count).toBe(1);
    await uploadOne(t().client, token, { name: 'again.txt', content });
    expect((await blobOf(t(), content))?.ref_count).toBe(2);
    await assertStorageConsistent(t());
  });
});

describeEachBackend(
  'upload limits',
  (t) => {
    it('refuses a file over MAX_FILE_MB with 413 and keeps one at the limit', async () => {
      const { token } = await t().client.register();
      const limit = 1024 * 1024;
      const objects = (await storedKeys(t())).length;
      const over = await upload(t().client, token, [{ name: 'big.txt', content: Buffer.alloc(limit + 1, 'a') }]);
      expect(over.status).toBe(413);
      // The English as it always was; the limit itself in bytes, for a client to write in its language.
      expect(over.body).toMatchObject({ error: 'File exceeds the 1 MB limit', code: 'fileTooLarge', params: { size: limit } });
      expect((await storedKeys(t()))).toHaveLength(objects);
      const exact = await upload(t().client, token, [{ name: 'exact.txt', content: Buffer.alloc(limit, 'b') }]);
      expect(exact.status).toBe(201);
    });

    it('cuts an upload off at the quota with 507, while copies of own content stay free', async () => {
      const { token } = await t().client.register();
      const big = Buffer.alloc(700 * 1024, 'q');
      expect((await upload(t().client, token, [{ name: 'a.txt', content: big }])).status).toBe(201);
      const objects = (await storedKeys(t())).length;
      const over = await upload(t().client, token, [{ name: 'b.txt', content: Buffer.alloc(700 * 1024, 'r') }]);
      expect(over.status).toBe(507);
      expect(over.body.error).toBe('Storage quota exceeded');
      expect((await storedKeys(t()))).toHaveLength(objects);
      const copy = await upload(t().client, token, [{ name: 'copy.txt', content: big }]);
      expect(copy.status).toBe(201);
      const stats = await t().client.get('/api/auth/stats', { token });
      expect(stats.body.used_storage_bytes).toBe(big.length);
    });

    it('counts earlier files of the same request against the quota', async () => {
      const { token } = await t().client.register();
      const res = await upload(t().client, token, [
        { name: 'a.txt', content: Buffer.alloc(600 * 1024, 'a') },
        { name: 'b.txt', content: Buffer.alloc(600 * 1024, 'b') },
      ]);
      expect(res.status).toBe(207);
      expect(res.body.results.map((r) => (r.ok ? 201 : r.status))).toEqual([201, 507]);
      await assertStorageConsistent(t());
    });

    it('applies a per-user quota override', async () => {
      const { token, user } = await t().client.register();
      await setQuotaBytes(t(), user.id, 100 * 1024);
      const res = await upload(t().client, token, [{ name: 'a.txt', content: Buffer.alloc(200 * 1024, 'z') }]);
      expect(res.status).toBe(507);
      const stats = await t().client.get('/api/auth/stats', { token });
      expect(stats.body.storage_quota_bytes).toBe(100 * 1024);
    });
  },
  { MAX_FILE_MB: '1', STORAGE_QUOTA_MB: '1' },
);

describeEachDb(
  'uploads at once',
  (t) => {
    /** A multipart upload whose body is sent up to its last byte and held there, until `finish`. */
    async function heldUpload(token: string, name: string) {
      const request = new Request(`${t().url}/api/files/upload`, { method: 'POST', body: uploadForm([{ name, content: samples.text(`${name}\n`) }]) });
      const body = Buffer.from(await request.arrayBuffer());
      const req = http.request(request.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')!, 'content-length': String(body.length) },
      });
      const answered = new Promise<number>((resolve) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', () => resolve(0));
      });
      await new Promise<void>((resolve) => req.write(body.subarray(0, body.length - 1), () => resolve()));
      return { answered, finish: () => req.end(body.subarray(body.length - 1)) };
    }

    it('takes UPLOAD_MAX_PARALLEL multipart uploads of a user at once and asks the next to wait, the others users’ going on', async () => {
      const alice = await t().client.register();
      const bob = await t().client.register();
      const taken = vi.spyOn(t().server.ctx.uploadSlots, 'take');
      const held = [await heldUpload(alice.token, 'one.txt'), await heldUpload(alice.token, 'two.txt')];
      // Both under way: their requests have reached the route.
      await vi.waitFor(() => expect(taken).toHaveBeenCalledTimes(2));
      taken.mockRestore();
      const third = await upload(t().client, alice.token, [{ name: 'three.txt', content: samples.text('three') }]);
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ error: 'At most 2 uploads at once: try again when one has finished', code: 'uploadsAtOnce', params: { max: 2 } });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await upload(t().client, bob.token, [{ name: 'bobs.txt', content: samples.text('bob') }])).status).toBe(201);
      held[0]!.finish();
      expect(await held[0]!.answered).toBe(201);
      expect((await upload(t().client, alice.token, [{ name: 'three.txt', content: samples.text('three') }])).status).toBe(201);
      held[1]!.finish();
      expect(await held[1]!.answered).toBe(201);
    });
  },
  { UPLOAD_MAX_PARALLEL: '2' },
);
