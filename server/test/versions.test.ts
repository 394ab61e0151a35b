import { expect, it } from 'vitest';
import { LIMITS, type FileItem, type FileVersionsResponse } from '@vault/contract';
import { assertStorageConsistent, blobOf, samples, settled, sha256 as sha256Of, storedKeys, upload, uploadForm, uploadOne, type UploadFile } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb, type TestServer } from './helpers/server.js';
import { createUpload, download, patch } from './helpers/tus.js';
import { makeAdmin, setQuotaBytes } from './helpers/users.js';

type Fields = Record<string, string | string[]>;

/** An upload with on_conflict in the query string. */
const uploadAs = (t: TestServer, token: string, onConflict: string, files: UploadFile[], fields: Fields = {}) =>
  t.client.post(`/api/files/upload?on_conflict=${onConflict}`, { token, body: uploadForm(files, fields) });

async function versionsOf(t: TestServer, token: string, fileId: number): Promise<FileVersionsResponse> {
  const res = await t.client.get(`/api/files/${fileId}/versions`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function versionBytes(t: TestServer, token: string, fileId: number, versionId: number): Promise<Buffer> {
  const res = await fetch(`${t.url}/api/files/${fileId}/versions/${versionId}/download`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function usedBytes(t: TestServer, token: string): Promise<number> {
  return (await t.client.get('/api/auth/stats', { token })).body.used_storage_bytes;
}

async function ownFileCount(t: TestServer, token: string): Promise<number> {
  return (await t.client.get('/api/files?scope=own', { token })).body.total;
}

async function refCount(t: TestServer, content: Buffer): Promise<number | undefined> {
  return (await blobOf(t, content))?.ref_count;
}

describeEachDb('file names and versions', (t) => {
  it('refuses a second file of the same name in a folder, ignoring case, with 409 and nothing left behind', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Docs');
    await uploadOne(t().client, token, { name: 'Notes.txt', content: samples.text() }, { folder_id: String(folder.id) });
    const keys = (await storedKeys(t())).length;

    const clash = await upload(t().client, token, [{ name: 'NOTES.TXT', content: samples.text() }], { folder_id: String(folder.id) });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error: 'A file named "NOTES.TXT" already exists here', files: [] });
    expect(clash.body.results).toEqual([{ ok: false, name: 'NOTES.TXT', error: 'A file named "NOTES.TXT" already exists here', code: 'fileNameTaken', params: { name: 'NOTES.TXT' }, status: 409 }]);
    // In a request of several files, only the clashing one is refused.
    const mixed = await upload(t().client, token, [{ name: 'notes.txt', content: samples.text() }, { name: 'other.txt', content: samples.text() }], { folder_id: String(folder.id) });
    expect(mixed.status).toBe(207);
    expect(mixed.body.results.map((r) => r.ok)).toEqual([false, true]);

    // Elsewhere the name is free: the root, and another user's folder.
    await uploadOne(t().client, token, { name: 'notes.txt', content: samples.text() });
    const other = await t().client.register();
    await uploadOne(t().client, other.token, { name: 'notes.txt', content: samples.text() });
    expect(await ownFileCount(t(), token)).toBe(3);
    expect(await ownFileCount(t(), other.token)).toBe(1);
    expect((await storedKeys(t())).length).toBe(keys + 3);
    await assertStorageConsistent(t());
  });

  it('refuses a rename or a move onto a sibling name with 409, and lets a file change the case of its own name', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Docs');
    const a = await uploadOne(t().client, token, { name: 'a.txt', content: samples.text() });
    const b = await uploadOne(t().client, token, { name: 'b.txt', content: samples.text() });
    await uploadOne(t().client, token, { name: 'A.TXT', content: samples.text() }, { folder_id: String(folder.id) });

    const renamed = await t().client.put(`/api/files/${b}`, { token, json: { original_name: 'A.txt' } });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toMatchObject({ error: 'A file named "A.txt" already exists here' });
    const moved = await t().client.put(`/api/files/${a}`, { token, json: { folder_id: folder.id } });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ error: 'A file named "a.txt" already exists here' });

    const recased = await t().client.put(`/api/files/${a}`, { token, json: { original_name: 'A.txt' } });
    expect(recased.status).toBe(200);
    expect(recased.body.file.original_name).toBe('A.txt');
  });

  it('takes on_conflict in the query or the form, once, and refuses anything else', async () => {
    const { token } = await t().client.register();
    const bad = await uploadAs(t(), token, 'replace', [{ name: 'a.txt', content: samples.text() }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('on_conflict must be fail, rename or version');
    const badField = await upload(t().client, token, [{ name: 'a.txt', content: samples.text() }], { on_conflict: 'overwrite' });
    expect(badField.status).toBe(400);
    expect(badField.body.error).toBe('on_conflict must be fail, rename or version');
    const twice = await uploadAs(t(), token, 'rename', [{ name: 'a.txt', content: samples.text() }], { on_conflict: 'rename' });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('on_conflict must be sent once');
    expect(await ownFileCount(t(), token)).toBe(0);
    await assertStorageConsistent(t());
  });

  it('refuses a clash before storing its bytes when the folder and on_conflict=fail came first', async () => {
    const { token, user } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Full');
    await uploadOne(t().client, token, { name: 'big.txt', content: samples.text('x'.repeat(1000)) }, { folder_id: String(folder.id) });
    // Too little quota left for the bytes: a refusal at the commit would read 507, one before any byte 409.
    await setQuotaBytes(t(), user.id, 1100);
    const big = samples.text('y'.repeat(5000));
    const early = await uploadAs(t(), token, 'fail', [{ name: 'BIG.txt', content: big }], { folder_id: String(folder.id) });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('A file named "BIG.txt" already exists here');
    // The same clash with on_conflict only after the file is judged once the request is read: its bytes went first.
    const late = await t().client.post('/api/files/upload', { token, body: uploadForm([{ name: 'BIG.txt', content: big }], { folder_id: String(folder.id), on_conflict: 'fail' }, true) });
    expect(late.status).toBe(507);
    await assertStorageConsistent(t());
  });

  it('keeps both as "name (n).ext" with on_conflict=rename, also within one request', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Docs');
    const inFolder = { folder_id: String(folder.id) };
    await uploadOne(t().client, token, { name: 'report.pdf', content: samples.pdf() }, inFolder);
    await uploadOne(t().client, token, { name: 'report (3).pdf', content: samples.pdf() }, inFolder);
    const res = await uploadAs(t(), token, 'rename', [{ name: 'Report.pdf', content: samples.pdf() }, { name: 'report.pdf', content: samples.pdf() }], inFolder);
    expect(res.status).toBe(201);
    expect(res.body.files.map((f: FileItem) => f.original_name)).toEqual(['Report (2).pdf', 'report (4).pdf']);
    const txt = await upload(t().client, token, [{ name: 'n.txt', content: samples.text() }, { name: 'N.TXT', content: samples.text() }], { on_conflict: 'rename' });
    expect(txt.body.files.map((f: FileItem) => f.original_name)).toEqual(['n.txt', 'N (2).TXT']);
    await assertStorageConsistent(t());
  });

  it('numbers names with capitals beyond A-Z, and names long enough to be cut for their number, as the database compares them', async () => {
    const { token } = await t().client.register();
    const names = async (name: string, times: number) => {
      const kept: string[] = [];
      for (let i = 0; i < times; i++) {
        const res = await uploadAs(t(), token, 'rename', [{ name, content: samples.text() }]);
        expect(res.status, res.text).toBe(201);
        kept.push(res.body.files[0].original_name);
      }
      return kept;
    };
    expect(await names('Übersicht.txt', 3)).toEqual(['Übersicht.txt', 'Übersicht (2).txt', 'Übersicht (3).txt']);
    const long = `${'x'.repeat(LIMITS.fileNameMax - 4)}.txt`;
    const cut = 'x'.repeat(LIMITS.fileNameMax - ' (2).txt'.length);
    expect(await names(long, 3)).toEqual([long, `${cut} (2).txt`, `${cut} (3).txt`]);
  });

  it('makes an upload the new version of a file of its name: same id, shares and links keep working; restore and delete versions', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const v1 = samples.text('first draft\n');
    const v2 = samples.text('second draft, longer\n');
    const id = await uploadOne(t().client, alice.token, { name: 'doc.txt', content: v1 }, { tags: 'work' });
    expect((await t().client.put(`/api/files/${id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } })).status).toBe(200);
    const link = await t().client.post('/api/links', { token: alice.token, json: { item: { type: 'file', id } } });
    expect(link.status).toBe(201);

    // The upload's own visibility and tags do not touch the file's.
    const replaced = await uploadAs(t(), alice.token, 'version', [{ name: 'DOC.txt', content: v2 }], { is_public: 'true', tags: 'other' });
    expect(replaced.status).toBe(201);
    expect(replaced.body.files[0]).toMatchObject({ id, original_name: 'doc.txt', file_size: v2.length, is_public: false, tags: ['work'] });
    expect(await ownFileCount(t(), alice.token)).toBe(1);
    expect(await download(t(), alice.token, id)).toEqual(v2);
    expect(await download(t(), bob.token, id)).toEqual(v2);
    expect(Buffer.from(await (await fetch(`${t().url}/api/s/${link.body.link.token}/download`)).arrayBuffer())).toEqual(v2);

    const listed = await versionsOf(t(), alice.token, id);
    expect(listed.current).toMatchObject({ size: v2.length, mime_type: 'text/plain', uploaded_by: alice.user.username });
    expect(listed.versions).toEqual([{ id: expect.any(Number), size: v1.length, mime_type: 'text/plain', uploaded_by: alice.user.username, uploaded_at: expect.any(String) }]);
    expect(listed.keep).toBe(10);
    const first = listed.versions[0]!.id;
    expect(await versionBytes(t(), alice.token, id, first)).toEqual(v1);
    // Versions are the owner's alone: a share recipient, a stranger and nobody get "not found" (or must sign in).
    for (const [method, path] of [
      ['GET', `/api/files/${id}/versions`],
      ['GET', `/api/files/${id}/versions/${first}/download`],
      ['POST', `/api/files/${id}/versions/${first}/download-link`],
      ['POST', `/api/files/${id}/versions/${first}/restore`],
      ['DELETE', `/api/files/${id}/versions/${first}`],
    ] as const) {
      expect((await t().client.request(method, path, { token: bob.token })).status).toBe(404);
    }
    expect((await t().client.get(`/api/files/${id}/versions/${first}/download`)).status).toBe(401);
    expect((await t().client.get(`/api/files/${id}/versions/999999/download`, { token: alice.token })).status).toBe(404);
    // A plain link, as the browser opens it.
    const made = await t().client.post(`/api/files/${id}/versions/${first}/download-link`, { token: alice.token });
    expect(made.status).toBe(200);
    expect(Buffer.from(await (await fetch(t().url + made.body.url)).arrayBuffer())).toEqual(v1);
    expect(await usedBytes(t(), alice.token)).toBe(v1.length + v2.length);

    // Restoring makes a copy of the version current; what was current becomes the newest version.
    const restored = await t().client.post(`/api/files/${id}/versions/${first}/restore`, { token: alice.token });
    expect(restored.status).toBe(200);
    expect(restored.body.file).toMatchObject({ id, file_size: v1.length });
    expect(await download(t(), bob.token, id)).toEqual(v1);
    const after = await versionsOf(t(), alice.token, id);
    expect(after.versions.map((v) => v.size)).toEqual([v2.length, v1.length]);
    expect(await refCount(t(), v1)).toBe(2);
    expect(await usedBytes(t(), alice.token)).toBe(v1.length + v2.length);

    // Deleting versions releases exactly what nothing else holds.
    expect((await t().client.delete(`/api/files/${id}/versions/${first}`, { token: alice.token })).status).toBe(204);
    expect((await t().client.delete(`/api/files/${id}/versions/${first}`, { token: alice.token })).status).toBe(404);
    expect(await refCount(t(), v1)).toBe(1);
    expect(await usedBytes(t(), alice.token)).toBe(v1.length + v2.length);
    expect((await t().client.delete(`/api/files/${id}/versions/${after.versions[0]!.id}`, { token: alice.token })).status).toBe(204);
    expect((await versionsOf(t(), alice.token, id)).versions).toEqual([]);
    expect(await usedBytes(t(), alice.token)).toBe(v1.length);
    await settled(t());
    expect(await blobOf(t(), v2)).toBeUndefined();
    await assertStorageConsistent(t());
  });

  it('ends concurrent replace uploads of one name with one file and every content once, current or kept', async () => {
    const { token } = await t().client.register();
    const contents = Array.from({ length: 6 }, (_, i) => samples.text(`${'v'.repeat(i + 1)}\n`));
    const responses = await Promise.all(contents.map((content) => uploadAs(t(), token, 'version', [{ name: 'race.txt', content }])));
    expect(responses.map((r) => r.status)).toEqual(contents.map(() => 201));
    const ids = new Set(responses.map((r) => r.body.files[0].id as number));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await ownFileCount(t(), token)).toBe(1);
    const listed = await versionsOf(t(), token, id!);
    expect(listed.versions).toHaveLength(5);
    const sizes = [listed.current.size, ...listed.versions.map((v) => v.size)];
    expect([...sizes].sort((a, b) => a - b)).toEqual(contents.map((c) => c.length));
    expect(await usedBytes(t(), token)).toBe(contents.reduce((n, c) => n + c.length, 0));
    await assertStorageConsistent(t());
  });

  it('applies on_conflict to resumable uploads: a clash refused at creation, a version or a kept copy at the end', async () => {
    const { token } = await t().client.register();
    const v1 = samples.png();
    const v2 = samples.png();
    const id = await uploadOne(t().client, token, { name: 'pic.png', content: v1 });

    const refused = await createUpload(t(), token, v2.length, { filename: 'PIC.png' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'A file named "PIC.png" already exists here' });
    expect((await createUpload(t(), token, v2.length, { filename: 'pic.png', on_conflict: 'all' })).status).toBe(400);

    const created = await createUpload(t(), token, v2.length, { filename: 'pic.png', on_conflict: 'version' });
    expect(created.status).toBe(201);
    const done = await patch(created.url, token, 0, v2);
    expect(done.status).toBe(204);
    expect(Number(done.headers.get('vault-file-id'))).toBe(id);
    expect(await download(t(), token, id)).toEqual(v2);

    // Content the caller holds only as a version still completes at once.
    const instant = await createUpload(t(), token, v1.length, { filename: 'pic.png', on_conflict: 'version', sha256: sha256Of(v1) });
    expect(instant.status).toBe(201);
    expect(instant.fileId).toBe(id);
    expect(await download(t(), token, id)).toEqual(v1);
    expect((await versionsOf(t(), token, id)).versions.map((v) => v.size)).toEqual([v2.length, v1.length]);

    const kept = await createUpload(t(), token, v2.length, { filename: 'pic.png', on_conflict: 'rename', sha256: sha256Of(v2) });
    expect(kept.status).toBe(201);
    expect((await t().client.get(`/api/files/${kept.fileId}`, { token })).body.file.original_name).toBe('pic (2).png');
    await assertStorageConsistent(t());
  });

  it('renames what a file request brings beside a file of the same name: a visitor never replaces the owner\'s file', async () => {
    const owner = await t().client.register();
    const folder = await makeFolder(t(), owner.token, 'Inbox');
    const mine = samples.text('the owner\'s\n');
    const id = await uploadOne(t().client, owner.token, { name: 'scan.txt', content: mine }, { folder_id: String(folder.id) });
    const request = await t().client.post('/api/requests', { token: owner.token, json: { folder_id: folder.id } });
    const send = (files: UploadFile[]) => t().client.post(`/api/r/${request.body.request.token}/upload`, { body: uploadForm(files) });
    const res = await send([{ name: 'scan.txt', content: samples.text() }, { name: 'SCAN.txt', content: samples.text() }]);
    expect(res.status).toBe(201);
    expect(res.body.results.map((r: { name: string }) => r.name)).toEqual(['scan.txt', 'SCAN.txt']);
    const listed = await t().client.get(`/api/files?folder_id=${folder.id}&sort_by=original_name&sort_order=asc`, { token: owner.token });
    expect(listed.body.files.map((f: FileItem) => f.original_name)).toEqual(['scan (2).txt', 'SCAN (3).txt', 'scan.txt']);
    expect(await download(t(), owner.token, id)).toEqual(mine);
    expect((await versionsOf(t(), owner.token, id)).versions).toEqual([]);
  });

  it('tells which names a folder already holds, before any byte', async () => {
    const { token } = await t().client.register();
    const other = await t().client.register();
    const folder = await makeFolder(t(), token, 'Docs');
    const a = await uploadOne(t().client, token, { name: 'Report.pdf', content: samples.pdf() }, { folder_id: String(folder.id) });
    await uploadOne(t().client, token, { name: 'root.txt', content: samples.text() });
    const res = await t().client.post('/api/files/clashes', { token, json: { folder_id: folder.id, names: ['report.PDF', 'new.txt', 'root.txt', ' \u0000 ', 'sub/Report.pdf'] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      clashes: [
        { name: 'report.PDF', file_id: a, original_name: 'Report.pdf' },
        { name: 'sub/Report.pdf', file_id: a, original_name: 'Report.pdf' },
      ],
    });
    const root = await t().client.post('/api/files/clashes', { token, json: { folder_id: null, names: ['ROOT.TXT'] } });
    expect(root.body.clashes).toEqual([{ name: 'ROOT.TXT', file_id: expect.any(Number), original_name: 'root.txt' }]);
    expect((await t().client.post('/api/files/clashes', { token: other.token, json: { folder_id: folder.id, names: ['a.txt'] } })).status).toBe(404);
    expect((await t().client.post('/api/files/clashes', { token, json: { folder_id: null, names: [] } })).status).toBe(400);
  });

  it('counts versions in the quota: a new version of new content is charged, and refused past the quota', async () => {
    const { token, user } = await t().client.register();
    const v1 = samples.text('a'.repeat(400));
    const id = await uploadOne(t().client, token, { name: 'q.txt', content: v1 });
    await setQuotaBytes(t(), user.id, 1000);
    const tooBig = await uploadAs(t(), token, 'version', [{ name: 'q.txt', content: samples.text('b'.repeat(700)) }]);
    expect(tooBig.status).toBe(507);
    const v2 = samples.text('c'.repeat(500));
    expect((await uploadAs(t(), token, 'version', [{ name: 'q.txt', content: v2 }])).status).toBe(201);
    expect(await usedBytes(t(), token)).toBe(900);
    // The same content again costs nothing more: it is a version, not a new copy.
    expect((await uploadAs(t(), token, 'version', [{ name: 'q.txt', content: v1 }])).status).toBe(201);
    expect(await usedBytes(t(), token)).toBe(900);
    expect((await versionsOf(t(), token, id)).versions.map((v) => v.size)).toEqual([500, 400]);
    const stats = await t().client.get('/api/files/storage/stats', { token });
    expect(stats.body).toMatchObject({ total_storage_bytes: 900, original_storage_bytes: 1300, savings_bytes: 400, file_count: 1 });
    await assertStorageConsistent(t());
  });
});

describeEachDb(
  'versions kept',
  (t) => {
    it('keeps VERSIONS_KEEP versions, releasing the oldest with exact ref_counts and used_bytes', async () => {
      const admin = await makeAdmin(t());
      const alice = await t().client.register();
      const bob = await t().client.register();
      const [a, b, c, d] = [100, 200, 300, 400].map((n) => samples.text(`${'x'.repeat(n - 1)}\n`)) as [Buffer, Buffer, Buffer, Buffer];
      await uploadOne(t().client, bob.token, { name: 'bobs.txt', content: a });
      const id = await uploadOne(t().client, alice.token, { name: 'doc.txt', content: a });
      const replace = async (content: Buffer) => expect((await uploadAs(t(), alice.token, 'version', [{ name: 'doc.txt', content }])).status).toBe(201);
      const state = async () => ({
        versions: (await versionsOf(t(), alice.token, id)).versions.map((v) => v.size),
        refs: await Promise.all([a, b, c, d].map((x) => refCount(t(), x))),
        alice: await usedBytes(t(), alice.token),
      });

      await replace(b);
      expect(await state()).toEqual({ versions: [100], refs: [2, 1, undefined, undefined], alice: 300 });
      // Content shared between versions (a is current and a version) and with bob's file.
      await replace(a);
      expect(await state()).toEqual({ versions: [200, 100], refs: [3, 1, undefined, undefined], alice: 300 });
      await replace(c);
      expect(await state()).toEqual({ versions: [100, 200], refs: [2, 1, 1, undefined], alice: 600 });
      await replace(d);
      await settled(t());
      expect(await state()).toEqual({ versions: [300, 100], refs: [2, undefined, 1, 1], alice: 800 });
      await assertStorageConsistent(t());

      // Releasing the file releases its versions too.
      expect((await t().client.delete(`/api/admin/files/${id}`, { token: admin.token })).status).toBe(204);
      await settled(t());
      expect(await ownFileCount(t(), alice.token)).toBe(0);
      expect((await Promise.all([a, b, c, d].map((x) => refCount(t(), x))))).toEqual([1, undefined, undefined, undefined]);
      expect(await usedBytes(t(), alice.token)).toBe(0);
      expect(await usedBytes(t(), bob.token)).toBe(100);
      await assertStorageConsistent(t());
    });

    it('keeps the newest VERSIONS_KEEP versions of a file replaced again and again', async () => {
      const { token } = await t().client.register();
      const id = await uploadOne(t().client, token, { name: 'k.txt', content: samples.text() });
      for (let i = 0; i < 4; i++) expect((await uploadAs(t(), token, 'version', [{ name: 'k.txt', content: samples.text() }])).status).toBe(201);
      expect((await versionsOf(t(), token, id)).keep).toBe(2);
      expect((await versionsOf(t(), token, id)).versions).toHaveLength(2);
      await assertStorageConsistent(t());
    });
  },
  { VERSIONS_KEEP: '2' },
);
