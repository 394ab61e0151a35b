import { expect, it, vi } from 'vitest';
import type { TrashList, TrashResults } from '@vault/contract';
import { runMaintenance } from '../src/maintenance.js';
import type { BusMessage } from '../src/events/bus.js';
import { recordEvents } from './helpers/events.js';
import { ageTrash, assertStorageConsistent, blobOf, samples, settled, uploadForm, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb, type TestServer } from './helpers/server.js';
import { setQuotaBytes } from './helpers/users.js';

const usedBytes = async (t: TestServer, token: string): Promise<number> => (await t.client.get('/api/auth/stats', { token })).body.used_storage_bytes;
const refCount = async (t: TestServer, content: Buffer): Promise<number | undefined> => (await blobOf(t, content))?.ref_count;

async function trashOf(t: TestServer, token: string): Promise<TrashList> {
  const res = await t.client.get('/api/trash', { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function trashAction(t: TestServer, token: string, action: 'restore' | 'delete', items: { file_ids?: number[]; folder_ids?: number[] }): Promise<TrashResults> {
  const res = await t.client.post(`/api/trash/${action}`, { token, json: items });
  expect(res.status).toBe(200);
  return res.body;
}

const del = async (t: TestServer, token: string, kind: 'files' | 'folders', id: number) => expect((await t.client.delete(`/api/${kind}/${id}`, { token })).status).toBe(204);
const ownFileNames = async (t: TestServer, token: string, folderId?: number) =>
  ((await t.client.get(`/api/files?scope=own${folderId === undefined ? '' : `&folder_id=${folderId}`}`, { token })).body.files as { original_name: string }[]).map((f) => f.original_name).sort();

describeEachDb('trash', (t) => {
  it('keeps ref_counts and used_bytes exact through trash, restore and delete forever (content shared with another user and between versions)', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const a = samples.text(`${'a'.repeat(99)}\n`);
    const b = samples.text(`${'b'.repeat(199)}\n`);
    await uploadOne(t().client, bob.token, { name: 'bobs.txt', content: a });
    const doc = await uploadOne(t().client, alice.token, { name: 'doc.txt', content: a });
    // doc.txt gets b as its content, a becomes its version; copy.txt holds b again.
    expect((await t().client.post('/api/files/upload?on_conflict=version', { token: alice.token, body: uploadForm([{ name: 'doc.txt', content: b }]) })).status).toBe(201);
    const copy = await uploadOne(t().client, alice.token, { name: 'copy.txt', content: b });
    const state = async () => ({ a: await refCount(t(), a), b: await refCount(t(), b), alice: await usedBytes(t(), alice.token), bob: await usedBytes(t(), bob.token) });
    const before = await state();
    expect(before).toEqual({ a: 2, b: 2, alice: 300, bob: 100 });

    await del(t(), alice.token, 'files', doc);
    await del(t(), alice.token, 'files', copy);
    // In Trash: nothing released, still charged.
    expect(await state()).toEqual(before);
    const trash = await trashOf(t(), alice.token);
    expect(trash.items.map((i) => [i.kind, i.id, i.name])).toEqual([
      ['file', copy, 'copy.txt'],
      ['file', doc, 'doc.txt'],
    ]);
    expect(trash.total_bytes).toBe(400);
    expect(trash.days).toBe(30);
    const stats = (await t().client.get('/api/files/storage/stats', { token: alice.token })).body;
    expect(stats).toMatchObject({ trash_bytes: 400, trash_file_count: 2, total_storage_bytes: 300 });
    // The dashboard's Total Files counts what the user still has.
    expect((await t().client.get('/api/auth/stats', { token: alice.token })).body.total_files).toBe(0);
    await assertStorageConsistent(t());

    const restored = await trashAction(t(), alice.token, 'restore', { file_ids: [doc] });
    expect(restored.results).toEqual([{ kind: 'file', id: doc, ok: true, name: 'doc.txt', folder_id: null }]);
    expect(await state()).toEqual(before);
    expect((await t().client.get(`/api/files/${doc}/versions`, { token: alice.token })).body.versions).toHaveLength(1);
    expect(await ownFileNames(t(), alice.token)).toEqual(['doc.txt']);

    // Delete forever releases exactly like the permanent delete: copy.txt's b stays held by doc.txt.
    const gone = await trashAction(t(), alice.token, 'delete', { file_ids: [copy] });
    expect(gone.results).toEqual([{ kind: 'file', id: copy, ok: true }]);
    await settled(t());
    expect(await state()).toEqual({ a: 2, b: 1, alice: 300, bob: 100 });
    expect((await trashOf(t(), alice.token)).items).toEqual([]);

    // The file and its version go to Trash, then Empty trash releases both references.
    await del(t(), alice.token, 'files', doc);
    const emptied = await t().client.delete('/api/trash', { token: alice.token });
    expect(emptied.status).toBe(200);
    expect(emptied.body).toEqual({ files: 1, folders: 0, bytes: 200 });
    await settled(t());
    expect(await state()).toEqual({ a: 1, b: undefined, alice: 0, bob: 100 });
    await assertStorageConsistent(t());
  });

  it('trashes a folder with what is inside, lists it once with its figures, and restores exactly what went with it', async () => {
    const { token } = await t().client.register();
    const top = await makeFolder(t(), token, 'Projects');
    const sub = await makeFolder(t(), token, 'Old', { parent_id: top.id });
    const one = await uploadOne(t().client, token, { name: 'one.txt', content: samples.text('1234\n') }, { folder_id: String(top.id) });
    await uploadOne(t().client, token, { name: 'two.txt', content: samples.text('123456\n') }, { folder_id: String(sub.id) });
    const earlier = await uploadOne(t().client, token, { name: 'earlier.txt', content: samples.text('12\n') }, { folder_id: String(sub.id) });
    await del(t(), token, 'files', earlier);
    await del(t(), token, 'folders', top.id);

    expect((await t().client.get(`/api/folders/${top.id}`, { token })).status).toBe(404);
    expect((await t().client.get(`/api/folders/${sub.id}`, { token })).status).toBe(404);
    expect((await t().client.get(`/api/files/${one}`, { token })).status).toBe(404);
    expect((await t().client.get('/api/folders', { token })).body.folders).toEqual([]);
    expect(await ownFileNames(t(), token)).toEqual([]);

    const trash = await trashOf(t(), token);
    expect(trash.items).toMatchObject([
      { kind: 'folder', id: top.id, name: 'Projects', original_folder_id: null, original_path: null, size: 12, mime_type: null, file_count: 2, folder_count: 1 },
      // Its folder is in Trash: restoring it puts it at the top level.
      { kind: 'file', id: earlier, name: 'earlier.txt', original_folder_id: sub.id, original_path: null, size: 3, file_count: 0, folder_count: 0 },
    ]);
    const purgeAt = Date.parse(trash.items[0]!.purge_at) - Date.parse(trash.items[0]!.trashed_at);
    expect(purgeAt).toBe(30 * 86_400_000);

    // What went with the folder is restored with it, never alone.
    const alone = await trashAction(t(), token, 'restore', { file_ids: [one], folder_ids: [sub.id] });
    expect(alone.results.map((r) => r.ok)).toEqual([false, false]);
    expect(alone.results[0]!.error).toMatch(/with its folder/);

    expect((await trashAction(t(), token, 'restore', { folder_ids: [top.id] })).results).toEqual([{ kind: 'folder', id: top.id, ok: true, name: 'Projects', folder_id: null }]);
    expect(await ownFileNames(t(), token, sub.id)).toEqual(['two.txt']);
    expect(await ownFileNames(t(), token, top.id)).toEqual(['one.txt']);
    const restoredTop = (await t().client.get(`/api/folders/${top.id}`, { token })).body.folder;
    expect(restoredTop).toMatchObject({ file_count: 1, subfolder_count: 1, folder_size: 12 });
    // The file deleted on its own before stays in Trash; its folder is back, so that is where it would go.
    const left = await trashOf(t(), token);
    expect(left.items).toMatchObject([{ kind: 'file', id: earlier, original_folder_id: sub.id, original_path: 'Projects / Old' }]);
    expect((await trashAction(t(), token, 'restore', { file_ids: [earlier] })).results).toEqual([{ kind: 'file', id: earlier, ok: true, name: 'earlier.txt', folder_id: sub.id }]);
    await assertStorageConsistent(t());
  });

  it('restores a file into its folder restored in the same request, whichever is named first', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Letters');
    const file = await uploadOne(t().client, token, { name: 'draft.txt', content: samples.text() }, { folder_id: String(folder.id) });
    await del(t(), token, 'files', file);
    await del(t(), token, 'folders', folder.id);
    const restored = await trashAction(t(), token, 'restore', { file_ids: [file], folder_ids: [folder.id] });
    expect(restored.results).toEqual([
      { kind: 'file', id: file, ok: true, name: 'draft.txt', folder_id: folder.id },
      { kind: 'folder', id: folder.id, ok: true, name: 'Letters', folder_id: null },
    ]);
    expect(await ownFileNames(t(), token, folder.id)).toEqual(['draft.txt']);
  });

  it('answers "not found" for other users\' items and says when an item is not in Trash', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const live = await uploadOne(t().client, alice.token, { name: 'live.txt', content: samples.text() });
    const trashed = await uploadOne(t().client, alice.token, { name: 'trashed.txt', content: samples.text() });
    const folder = await makeFolder(t(), alice.token, 'Gone');
    await del(t(), alice.token, 'files', trashed);
    await del(t(), alice.token, 'folders', folder.id);
    for (const action of ['restore', 'delete'] as const) {
      const res = await trashAction(t(), bob.token, action, { file_ids: [trashed, live, 999_999], folder_ids: [folder.id] });
      expect(res.results).toEqual([
        { kind: 'file', id: trashed, ok: false, error: 'File not found', code: 'fileNotFound' },
        { kind: 'file', id: live, ok: false, error: 'File not found', code: 'fileNotFound' },
        { kind: 'file', id: 999_999, ok: false, error: 'File not found', code: 'fileNotFound' },
        { kind: 'folder', id: folder.id, ok: false, error: 'Folder not found', code: 'folderNotFound' },
      ]);
    }
    expect((await trashAction(t(), alice.token, 'restore', { file_ids: [live] })).results).toEqual([{ kind: 'file', id: live, ok: false, error: 'Not in Trash', code: 'notInTrash' }]);
    expect((await trashOf(t(), bob.token)).items).toEqual([]);
    expect((await trashOf(t(), alice.token)).items).toHaveLength(2);
    expect((await t().client.delete('/api/trash', { token: bob.token })).body).toEqual({ files: 0, folders: 0, bytes: 0 });
    expect((await trashOf(t(), alice.token)).items).toHaveLength(2);
    expect((await t().client.post('/api/trash/restore', { token: alice.token, json: {} })).status).toBe(400);
  });

  it('hides a trashed item from share recipients, public pages, share links and file requests until it is restored', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const shared = await makeFolder(t(), alice.token, 'Shared');
    const open = await makeFolder(t(), alice.token, 'Open', { is_public: true });
    expect((await t().client.put(`/api/folders/${shared.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } })).status).toBe(200);
    const inside = await uploadOne(t().client, alice.token, { name: 'inside.txt', content: samples.text() }, { folder_id: String(shared.id) });
    const single = await uploadOne(t().client, alice.token, { name: 'single.txt', content: samples.text() });
    const pub = await uploadOne(t().client, alice.token, { name: 'public.txt', content: samples.text() }, { is_public: 'true' });
    expect((await t().client.put(`/api/files/${single}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } })).status).toBe(200);
    const fileLink = (await t().client.post('/api/links', { token: alice.token, json: { item: { type: 'file', id: single } } })).body.link;
    const folderLink = (await t().client.post('/api/links', { token: alice.token, json: { item: { type: 'folder', id: shared.id } } })).body.link;
    const request = (await t().client.post('/api/requests', { token: alice.token, json: { folder_id: shared.id } })).body.request;
    const anon = { token: undefined };

    const visible = async () => ({
      bobFile: (await t().client.get(`/api/files/${single}`, { token: bob.token })).status,
      bobInside: (await t().client.get(`/api/files/${inside}/download`, { token: bob.token })).status,
      bobFolder: (await t().client.get(`/api/folders/${shared.id}`, { token: bob.token })).status,
      sharedWithMe: (await t().client.get('/api/shared-with-me', { token: bob.token })).body.files.length + (await t().client.get('/api/shared-with-me', { token: bob.token })).body.folders.length,
      publicFile: (await t().client.get(`/api/files/public/${pub}`, anon)).status,
      publicList: (await t().client.get('/api/files/public', anon)).body.total,
      publicFolder: (await t().client.get(`/api/folders/public/${open.id}`, anon)).status,
      fileLink: (await t().client.get(`/api/s/${fileLink.token}`, anon)).status,
      fileLinkDownload: (await t().client.get(`/api/s/${fileLink.token}/download`, anon)).status,
      folderLink: (await t().client.get(`/api/s/${folderLink.token}`, anon)).status,
      folderLinkFile: (await t().client.get(`/api/s/${folderLink.token}/files/${inside}/download`, anon)).status,
      request: (await t().client.get(`/api/r/${request.token}`, anon)).status,
      zip: (await t().client.post('/api/downloads', { token: bob.token, json: { file_ids: [single] } })).status,
      links: (await t().client.get('/api/links', { token: alice.token })).body.links.length,
    });
    const shown = { bobFile: 200, bobInside: 200, bobFolder: 200, sharedWithMe: 2, publicFile: 200, publicList: 1, publicFolder: 200, fileLink: 200, fileLinkDownload: 200, folderLink: 200, folderLinkFile: 200, request: 200, zip: 200, links: 2 };
    expect(await visible()).toEqual(shown);

    await del(t(), alice.token, 'files', single);
    await del(t(), alice.token, 'files', pub);
    await del(t(), alice.token, 'folders', shared.id);
    await del(t(), alice.token, 'folders', open.id);
    expect(await visible()).toEqual({ bobFile: 404, bobInside: 404, bobFolder: 404, sharedWithMe: 0, publicFile: 404, publicList: 0, publicFolder: 404, fileLink: 404, fileLinkDownload: 404, folderLink: 404, folderLinkFile: 404, request: 404, zip: 404, links: 0 });
    const upload = await t().client.post(`/api/r/${request.token}/upload`, { body: uploadForm([{ name: 'late.txt', content: samples.text() }]) });
    expect(upload.status).toBe(404);

    await trashAction(t(), alice.token, 'restore', { file_ids: [single, pub], folder_ids: [shared.id, open.id] });
    expect(await visible()).toEqual(shown);
  });

  it('restores to the top level when the folder is gone, and under a free name when the name is taken', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Drafts');
    const inFolder = await uploadOne(t().client, token, { name: 'plan.txt', content: samples.text() }, { folder_id: String(folder.id) });
    const notes = await uploadOne(t().client, token, { name: 'Notes.txt', content: samples.text() });
    await del(t(), token, 'files', inFolder);
    await del(t(), token, 'files', notes);
    // A trashed name blocks nothing: a new Notes.txt and a new folder of the same name go in.
    await uploadOne(t().client, token, { name: 'notes.txt', content: samples.text() });
    await uploadOne(t().client, token, { name: 'notes (2).txt', content: samples.text() });
    // The folder goes for good: plan.txt stays in Trash, at the top level.
    await del(t(), token, 'folders', folder.id);
    expect((await trashAction(t(), token, 'delete', { folder_ids: [folder.id] })).results).toEqual([{ kind: 'folder', id: folder.id, ok: true }]);
    expect((await trashOf(t(), token)).items.map((i) => [i.name, i.original_folder_id])).toEqual([
      ['Notes.txt', null],
      ['plan.txt', null],
    ]);
    const res = await trashAction(t(), token, 'restore', { file_ids: [inFolder, notes] });
    expect(res.results).toEqual([
      { kind: 'file', id: inFolder, ok: true, name: 'plan.txt', folder_id: null },
      { kind: 'file', id: notes, ok: true, name: 'Notes (3).txt', folder_id: null },
    ]);
    expect(await ownFileNames(t(), token)).toEqual(['Notes (3).txt', 'notes (2).txt', 'notes.txt', 'plan.txt']);

    const twin = await makeFolder(t(), token, 'Twin');
    await del(t(), token, 'folders', twin.id);
    await makeFolder(t(), token, 'twin');
    expect((await trashAction(t(), token, 'restore', { folder_ids: [twin.id] })).results).toEqual([{ kind: 'folder', id: twin.id, ok: true, name: 'Twin (2)', folder_id: null }]);
    await assertStorageConsistent(t());
  });

  it('keeps a subfolder deleted on its own in Trash when its parent is deleted forever, and restores it to the top level', async () => {
    const { token } = await t().client.register();
    const outer = await makeFolder(t(), token, 'Outer');
    const inner = await makeFolder(t(), token, 'Inner', { parent_id: outer.id });
    const kept = samples.text();
    await uploadOne(t().client, token, { name: 'kept.txt', content: kept }, { folder_id: String(inner.id) });
    await uploadOne(t().client, token, { name: 'gone.txt', content: samples.text() }, { folder_id: String(outer.id) });
    await del(t(), token, 'folders', inner.id);
    await del(t(), token, 'folders', outer.id);
    expect((await trashAction(t(), token, 'delete', { folder_ids: [outer.id] })).results).toEqual([{ kind: 'folder', id: outer.id, ok: true }]);
    await settled(t());
    expect((await trashOf(t(), token)).items).toMatchObject([{ kind: 'folder', id: inner.id, original_folder_id: null, file_count: 1, size: kept.length }]);
    expect((await trashAction(t(), token, 'restore', { folder_ids: [inner.id] })).results).toEqual([{ kind: 'folder', id: inner.id, ok: true, name: 'Inner', folder_id: null }]);
    expect(await ownFileNames(t(), token, inner.id)).toEqual(['kept.txt']);
    expect(await usedBytes(t(), token)).toBe(kept.length);
    await assertStorageConsistent(t());
  });

  it('moves a bulk delete to Trash as single deletes do, a folder once with what is inside', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Box');
    const sub = await makeFolder(t(), token, 'Inner', { parent_id: folder.id });
    const inside = await uploadOne(t().client, token, { name: 'in.txt', content: samples.text() }, { folder_id: String(sub.id) });
    const loose = await uploadOne(t().client, token, { name: 'loose.txt', content: samples.text() });
    const used = await usedBytes(t(), token);
    const res = await t().client.post('/api/files/bulk', { token, json: { action: 'delete', file_ids: [loose], folder_ids: [folder.id, sub.id] } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, true]);
    expect((await trashOf(t(), token)).items.map((i) => [i.kind, i.id, i.file_count, i.folder_count])).toEqual([
      ['folder', folder.id, 1, 1],
      ['file', loose, 0, 0],
    ]);
    expect(await usedBytes(t(), token)).toBe(used);
    expect((await t().client.get(`/api/files/${inside}`, { token })).status).toBe(404);
    const stats = (await t().client.get('/api/files/storage/stats', { token })).body;
    expect(stats).toMatchObject({ trash_file_count: 2, file_count: 2 });
  });

  it('refuses a restore (507) while the owner is over their quota, trashed bytes counting', async () => {
    const { token, user } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 'big.txt', content: samples.text(`${'x'.repeat(499)}\n`) });
    await del(t(), token, 'files', id);
    await setQuotaBytes(t(), user.id, 400);
    const refused = await t().client.post('/api/trash/restore', { token, json: { file_ids: [id] } });
    expect(refused.status).toBe(507);
    expect(refused.body.error).toMatch(/quota/i);
    // Trashed bytes still count: nothing new fits either.
    expect((await t().client.post('/api/files/upload', { token, body: uploadForm([{ name: 'more.txt', content: samples.text() }]) })).status).toBe(507);
    await setQuotaBytes(t(), user.id, 500);
    expect((await trashAction(t(), token, 'restore', { file_ids: [id] })).results[0]).toMatchObject({ ok: true });
  });

  it('tells the owner alone that their Trash changed, and viewers that the item went and came back', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const id = await uploadOne(t().client, alice.token, { name: 'seen.txt', content: samples.text() });
    await t().client.put(`/api/files/${id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    const { messages: all, stop } = recordEvents(t());
    await del(t(), alice.token, 'files', id);
    await trashAction(t(), alice.token, 'restore', { file_ids: [id] });
    // Through PostgreSQL NOTIFY, the share's file_updated and earlier tests' events may still arrive, and these may come late.
    const messages = () =>
      all.filter((m) => (m.event.file_id === id ? m.event.type !== 'file_updated' : m.event.type === 'trash_changed' && m.audience.userIds.includes(alice.user.id)));
    await vi.waitFor(() => expect(messages()).toHaveLength(4));
    stop();
    const seen = (m: BusMessage) => [m.event.type, m.audience.userIds.sort((x, y) => x - y), m.audience.onlyNamed ?? false];
    expect(messages().map(seen)).toEqual([
      ['file_deleted', [alice.user.id, bob.user.id].sort((x, y) => x - y), false],
      ['trash_changed', [alice.user.id], true],
      ['file_uploaded', [alice.user.id, bob.user.id].sort((x, y) => x - y), false],
      ['trash_changed', [alice.user.id], true],
    ]);
  });

  it('purges what has been in Trash for TRASH_DAYS in the maintenance pass, releasing its content', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const shared = samples.text();
    await uploadOne(t().client, bob.token, { name: 'bobs.txt', content: shared });
    const folder = await makeFolder(t(), alice.token, 'Old');
    await uploadOne(t().client, alice.token, { name: 'in.txt', content: shared }, { folder_id: String(folder.id) });
    const old = await uploadOne(t().client, alice.token, { name: 'old.txt', content: samples.text() });
    await del(t(), alice.token, 'folders', folder.id);
    await del(t(), alice.token, 'files', old);
    await ageTrash(t(), alice.user.id, 29);
    const recent = samples.text();
    const fresh = await uploadOne(t().client, alice.token, { name: 'fresh.txt', content: recent });
    await del(t(), alice.token, 'files', fresh);

    expect((await runMaintenance(t().server.ctx)).trashPurged).toBe(0);
    await ageTrash(t(), alice.user.id, 1);
    expect((await runMaintenance(t().server.ctx)).trashPurged).toBe(3);
    await settled(t());
    expect((await trashOf(t(), alice.token)).items.map((i) => i.id)).toEqual([fresh]);
    expect(await refCount(t(), shared)).toBe(1);
    expect(await usedBytes(t(), alice.token)).toBe(recent.length);
    const db = t().server.ctx.db;
    expect(await db.selectFrom('folders').select('id').where('id', '=', folder.id).execute()).toEqual([]);
    await assertStorageConsistent(t());
  });
});

describeEachDb(
  'trash turned off (TRASH_DAYS=0)',
  (t) => {
    it('deletes for good, as before, and says so in the config', async () => {
      expect((await t().client.get('/api/config')).body.trash_days).toBe(0);
      const { token } = await t().client.register();
      const content = samples.text();
      const folder = await makeFolder(t(), token, 'F');
      const inside = await uploadOne(t().client, token, { name: 'in.txt', content }, { folder_id: String(folder.id) });
      const alone = await uploadOne(t().client, token, { name: 'alone.txt', content: samples.text() });
      await del(t(), token, 'files', alone);
      await del(t(), token, 'folders', folder.id);
      await settled(t());
      expect((await trashOf(t(), token)).items).toEqual([]);
      const db = t().server.ctx.db;
      expect(await db.selectFrom('files').select('id').where('id', 'in', [inside, alone]).execute()).toEqual([]);
      expect(await blobOf(t(), content)).toBeUndefined();
      expect(await usedBytes(t(), token)).toBe(0);
      await assertStorageConsistent(t());
    });
  },
  { TRASH_DAYS: '0' },
);
