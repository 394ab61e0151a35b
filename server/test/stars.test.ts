import { expect, it } from 'vitest';
import { LIMITS, type FileItem, type Folder } from '@vault/contract';
import { recordEvents } from './helpers/events.js';
import { addFiles, samples, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb } from './helpers/server.js';
import { makeAdmin } from './helpers/users.js';

type Kind = 'files' | 'folders';

describeEachDb('stars', (t) => {
  const star = (token: string, kind: Kind, id: number) => t().client.put(`/api/${kind}/${id}/star`, { token });
  const unstar = (token: string, kind: Kind, id: number) => t().client.delete(`/api/${kind}/${id}/star`, { token });
  const file = async (token: string, id: number): Promise<FileItem> => (await t().client.get(`/api/files/${id}`, { token })).body.file;
  const folder = async (token: string, id: number): Promise<Folder> => (await t().client.get(`/api/folders/${id}`, { token })).body.folder;
  async function starredFiles(token: string, query = ''): Promise<{ ids: number[]; total: number }> {
    const res = await t().client.get(`/api/files?starred=1${query}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.files.every((f: FileItem) => f.starred)).toBe(true);
    return { ids: res.body.files.map((f: FileItem) => f.id), total: res.body.total };
  }
  async function starredFolders(token: string): Promise<number[]> {
    const res = await t().client.get('/api/folders?starred=1', { token });
    expect(res.status).toBe(200);
    expect(res.body.folders.every((f: Folder) => f.starred)).toBe(true);
    return res.body.folders.map((f: Folder) => f.id);
  }
  const starRows = async (userId: number) => {
    const { db } = t().server.ctx;
    const files = await db.selectFrom('file_stars').select('file_id').where('user_id', '=', userId).execute();
    const folders = await db.selectFrom('folder_stars').select('folder_id').where('user_id', '=', userId).execute();
    return { files: files.map((r) => r.file_id), folders: folders.map((r) => r.folder_id) };
  };

  /** alice owns a file at the top, a shared folder with a file and a subfolder; bob receives the file and the folder by name. */
  async function sharedSetup() {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const direct = await uploadOne(t().client, alice.token, { name: 'direct.txt', content: samples.text('direct\n') });
    const shelf = await makeFolder(t(), alice.token, 'Shelf');
    const inner = await makeFolder(t(), alice.token, 'Inner', { parent_id: shelf.id });
    const throughFolder = await uploadOne(t().client, alice.token, { name: 'inside.txt', content: samples.text('inside\n') }, { folder_id: String(shelf.id) });
    await t().client.put(`/api/files/${direct}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    await t().client.put(`/api/folders/${shelf.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    return { alice, bob, direct, shelf, inner, throughFolder };
  }

  it('stars and unstars own files and folders idempotently, with 204 each time', async () => {
    const alice = await t().client.register();
    const id = await uploadOne(t().client, alice.token, { name: 'a.txt', content: samples.text() });
    const box = await makeFolder(t(), alice.token, 'Box');
    for (const [kind, itemId] of [['files', id], ['folders', box.id]] as const) {
      expect((await star(alice.token, kind, itemId)).status).toBe(204);
      expect((await star(alice.token, kind, itemId)).status).toBe(204);
    }
    expect((await file(alice.token, id)).starred).toBe(true);
    expect((await folder(alice.token, box.id)).starred).toBe(true);
    expect(await starRows(alice.user.id)).toEqual({ files: [id], folders: [box.id] });
    for (const [kind, itemId] of [['files', id], ['folders', box.id]] as const) {
      expect((await unstar(alice.token, kind, itemId)).status).toBe(204);
      expect((await unstar(alice.token, kind, itemId)).status).toBe(204);
    }
    expect((await file(alice.token, id)).starred).toBe(false);
    expect((await folder(alice.token, box.id)).starred).toBe(false);
    expect(await starRows(alice.user.id)).toEqual({ files: [], folders: [] });
  });

  it("answers 404 for another user's private file or folder, and for ids that do not exist, writing nothing", async () => {
    const alice = await t().client.register();
    const mallory = await t().client.register();
    const id = await uploadOne(t().client, alice.token, { name: 'secret.txt', content: samples.text() });
    const box = await makeFolder(t(), alice.token, 'Private');
    for (const [kind, itemId] of [['files', id], ['folders', box.id], ['files', 999_999], ['folders', 999_999]] as const) {
      const put = await star(mallory.token, kind, itemId);
      expect(put.status).toBe(404);
      expect(put.body.code).toBe(kind === 'files' ? 'fileNotFound' : 'folderNotFound');
      expect((await unstar(mallory.token, kind, itemId)).status).toBe(404);
    }
    expect(await starRows(mallory.user.id)).toEqual({ files: [], folders: [] });
    expect((await t().client.put('/api/files/abc/star', { token: mallory.token })).status).toBe(400);
    expect((await t().client.put(`/api/files/${id}/star`)).status).toBe(401);
    expect((await t().client.get('/api/files?starred=yes', { token: mallory.token })).status).toBe(400);
    expect((await t().client.get('/api/folders?starred=2', { token: mallory.token })).status).toBe(400);
  });

  it('stars what is shared by name and through a shared folder, and unsharing hides the stars until shared again', async () => {
    const { alice, bob, direct, shelf, inner, throughFolder } = await sharedSetup();
    for (const id of [direct, throughFolder]) expect((await star(bob.token, 'files', id)).status).toBe(204);
    for (const id of [shelf.id, inner.id]) expect((await star(bob.token, 'folders', id)).status).toBe(204);
    expect((await starredFiles(bob.token, '&sort_by=original_name&sort_order=asc')).ids).toEqual([direct, throughFolder]);
    expect((await starredFolders(bob.token)).sort()).toEqual([shelf.id, inner.id].sort());
    expect((await file(bob.token, throughFolder)).starred).toBe(true);

    await t().client.put(`/api/folders/${shelf.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [] } });
    expect((await starredFiles(bob.token)).ids).toEqual([direct]);
    expect(await starredFolders(bob.token)).toEqual([]);
    expect((await star(bob.token, 'files', throughFolder)).status).toBe(404);
    await t().client.put(`/api/files/${direct}/share`, { token: alice.token, json: { is_public: false, shared_users: [] } });
    expect(await starredFiles(bob.token)).toEqual({ ids: [], total: 0 });

    await t().client.put(`/api/folders/${shelf.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    expect((await starredFiles(bob.token)).ids).toEqual([throughFolder]);
  });

  it('never shows a star to anyone else: the owner, an admin, nor in events or activity they see', async () => {
    const { alice, bob, direct, shelf } = await sharedSetup();
    const admin = await makeAdmin(t());
    const activityBefore = (await t().server.ctx.db.selectFrom('activity').select('id').execute()).length;
    const recorded = recordEvents(t());
    try {
      await star(bob.token, 'files', direct);
      await star(bob.token, 'folders', shelf.id);
      await t().client.get(`/api/files/${direct}`, { token: bob.token });
    } finally {
      recorded.stop();
    }
    const starEvents = recorded.messages.filter((m) => m.event.type === 'star_changed');
    expect(starEvents.map((m) => [m.event.file_id ?? null, m.event.folder_id ?? null])).toEqual([
      [direct, null],
      [null, shelf.id],
    ]);
    for (const m of starEvents) expect(m.audience).toEqual({ userIds: [bob.user.id], public: false, onlyNamed: true });
    expect((await t().server.ctx.db.selectFrom('activity').select('id').execute()).length).toBe(activityBefore);

    expect((await file(alice.token, direct)).starred).toBe(false);
    expect((await folder(alice.token, shelf.id)).starred).toBe(false);
    expect((await file(admin.token, direct)).starred).toBe(false);
    const adminFiles = await t().client.get(`/api/admin/files?search=direct`, { token: admin.token });
    expect(adminFiles.body.files.find((f: FileItem) => f.id === direct).starred).toBe(false);
    expect(await starredFiles(alice.token)).toEqual({ ids: [], total: 0 });
    expect(await starredFiles(admin.token)).toEqual({ ids: [], total: 0 });

    // The admin's own star shows in the admin's lists, and to nobody else.
    expect((await star(admin.token, 'files', direct)).status).toBe(204);
    const again = await t().client.get(`/api/admin/files?search=direct`, { token: admin.token });
    expect(again.body.files.find((f: FileItem) => f.id === direct).starred).toBe(true);
    expect((await starredFiles(admin.token)).ids).toEqual([direct]);
    expect((await file(alice.token, direct)).starred).toBe(false);
  });

  it('marks starred items in every listing scope', async () => {
    const { alice, bob, direct, shelf, inner, throughFolder } = await sharedSetup();
    const own = await uploadOne(t().client, bob.token, { name: 'own.txt', content: samples.text('own\n') });
    const ownFolder = await makeFolder(t(), bob.token, 'Mine');
    for (const id of [direct, throughFolder, own]) await star(bob.token, 'files', id);
    for (const id of [inner.id, ownFolder.id]) await star(bob.token, 'folders', id);
    const starredOf = (files: { id: number; starred: boolean }[]) => Object.fromEntries(files.map((f) => [f.id, f.starred]));

    expect(starredOf((await t().client.get('/api/files', { token: bob.token })).body.files)).toEqual({ [own]: true, [direct]: true });
    expect(starredOf((await t().client.get('/api/files?scope=own', { token: bob.token })).body.files)).toEqual({ [own]: true });
    expect(starredOf((await t().client.get('/api/files?scope=shared', { token: bob.token })).body.files)).toEqual({ [direct]: true });
    expect(starredOf((await t().client.get(`/api/files?search=inside&folder_id=${shelf.id}`, { token: bob.token })).body.files)).toEqual({ [throughFolder]: true });
    expect(starredOf((await t().client.get('/api/files?search=own', { token: bob.token })).body.files)).toEqual({ [own]: true });
    const shared = (await t().client.get('/api/shared-with-me', { token: bob.token })).body;
    expect(starredOf(shared.files)).toEqual({ [direct]: true });
    expect(starredOf(shared.folders)).toEqual({ [shelf.id]: false });
    expect(starredOf((await t().client.get(`/api/folders?parent_id=${shelf.id}`, { token: bob.token })).body.folders)).toEqual({ [inner.id]: true });
    expect(starredOf((await t().client.get('/api/folders', { token: bob.token })).body.folders)).toEqual({ [ownFolder.id]: true });
    expect((await folder(bob.token, inner.id)).starred).toBe(true);
    // The owner's lists carry the owner's stars only.
    expect(starredOf((await t().client.get('/api/files', { token: alice.token })).body.files)).toEqual({ [direct]: false, [throughFolder]: false });
  });

  it('lists starred files with filters, sorting and paging, and starred folders by parent', async () => {
    const alice = await t().client.register();
    const ids: number[] = [];
    for (const name of ['b.txt', 'a.txt', 'c.csv', 'unstarred.txt']) ids.push(await uploadOne(t().client, alice.token, { name, content: samples.text(`${name}\n`) }));
    for (const id of ids.slice(0, 3)) await star(alice.token, 'files', id);
    const [b, a, c] = ids;
    expect(await starredFiles(alice.token, '&sort_by=original_name&sort_order=asc&limit=2')).toEqual({ ids: [a, b], total: 3 });
    expect(await starredFiles(alice.token, '&sort_by=original_name&sort_order=asc&limit=2&page=2')).toEqual({ ids: [c], total: 3 });
    expect(await starredFiles(alice.token, '&mime_type=text/csv')).toEqual({ ids: [c], total: 1 });
    expect(await starredFiles(alice.token, '&search=a.txt')).toEqual({ ids: [a], total: 1 });
    expect(await starredFiles(alice.token, '&scope=shared')).toEqual({ ids: [], total: 0 });

    const top = await makeFolder(t(), alice.token, 'Top');
    const sub = await makeFolder(t(), alice.token, 'Sub', { parent_id: top.id });
    await star(alice.token, 'folders', top.id);
    await star(alice.token, 'folders', sub.id);
    const byParent = async (parent: string) => (await t().client.get(`/api/folders?starred=1&parent_id=${parent}`, { token: alice.token })).body.folders.map((f: Folder) => f.id);
    expect(await byParent('root')).toEqual([top.id]);
    expect(await byParent(String(top.id))).toEqual([sub.id]);
  });

  it('hides stars of items in Trash, shows them again on restore, and drops them with the item deleted for good', async () => {
    const alice = await t().client.register();
    const box = await makeFolder(t(), alice.token, 'Box');
    const inside = await uploadOne(t().client, alice.token, { name: 'in.txt', content: samples.text('in\n') }, { folder_id: String(box.id) });
    const loose = await uploadOne(t().client, alice.token, { name: 'loose.txt', content: samples.text('loose\n') });
    await star(alice.token, 'folders', box.id);
    await star(alice.token, 'files', inside);
    await star(alice.token, 'files', loose);

    expect((await t().client.delete(`/api/folders/${box.id}`, { token: alice.token })).status).toBe(204);
    expect((await starredFiles(alice.token)).ids).toEqual([loose]);
    expect(await starredFolders(alice.token)).toEqual([]);
    expect((await t().client.post('/api/trash/restore', { token: alice.token, json: { folder_ids: [box.id] } })).status).toBe(200);
    expect((await starredFiles(alice.token, '&sort_by=original_name&sort_order=asc')).ids).toEqual([inside, loose]);
    expect(await starredFolders(alice.token)).toEqual([box.id]);

    await t().client.delete(`/api/folders/${box.id}`, { token: alice.token });
    await t().client.delete(`/api/files/${loose}`, { token: alice.token });
    expect((await t().client.delete('/api/trash', { token: alice.token })).status).toBe(200);
    expect(await starRows(alice.user.id)).toEqual({ files: [], folders: [] });
  });

  it("drops a user's stars with the user, and others' stars of the user's items with them", async () => {
    const { alice, bob, direct, shelf } = await sharedSetup();
    const admin = await makeAdmin(t());
    await star(bob.token, 'files', direct);
    await star(bob.token, 'folders', shelf.id);
    const mine = await uploadOne(t().client, alice.token, { name: 'mine.txt', content: samples.text('mine\n') });
    await star(alice.token, 'files', mine);

    const remove = (user: { user: { id: number; username: string } }) =>
      t().client.delete(`/api/admin/users/${user.user.id}`, { token: admin.token, json: { confirm_username: user.user.username } });
    expect((await remove(alice)).status).toBe(204);
    expect(await starRows(alice.user.id)).toEqual({ files: [], folders: [] });
    expect(await starRows(bob.user.id)).toEqual({ files: [], folders: [] });
    const bobs = await uploadOne(t().client, bob.token, { name: 'b.txt', content: samples.text('b\n') });
    await star(admin.token, 'files', bobs);
    await star(bob.token, 'files', bobs);
    expect((await remove(bob)).status).toBe(204);
    expect(await starRows(bob.user.id)).toEqual({ files: [], folders: [] });
    expect(await starRows(admin.user.id)).toEqual({ files: [], folders: [] });
  });

  it('refuses a star past the limit with 409 and its message code, files and folders together', async () => {
    const alice = await t().client.register();
    const { db } = t().server.ctx;
    await addFiles(t(), alice.user.id, LIMITS.maxStars - 1, 'filler');
    const fillers = await db.selectFrom('files').select('id').where('user_id', '=', alice.user.id).execute();
    await db
      .insertInto('file_stars')
      .values(fillers.map((f) => ({ user_id: alice.user.id, file_id: f.id, created_at: 0 })))
      .execute();
    const box = await makeFolder(t(), alice.token, 'Last');
    const extra = await uploadOne(t().client, alice.token, { name: 'extra.txt', content: samples.text('extra\n') });
    expect((await star(alice.token, 'folders', box.id)).status).toBe(204);
    const refused = await star(alice.token, 'files', extra);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'tooManyStars', params: { max: LIMITS.maxStars } });
    // Already starred stays 204; a star removed makes room.
    expect((await star(alice.token, 'folders', box.id)).status).toBe(204);
    expect((await unstar(alice.token, 'folders', box.id)).status).toBe(204);
    expect((await star(alice.token, 'files', extra)).status).toBe(204);
    expect((await starredFiles(alice.token, '&limit=1')).total).toBe(LIMITS.maxStars);
  });

  it('makes room at the limit by dropping the stars on what the user can no longer see, and only then', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const { db } = t().server.ctx;
    await addFiles(t(), alice.user.id, LIMITS.maxStars - 2, 'filler');
    const fillers = await db.selectFrom('files').select('id').where('user_id', '=', alice.user.id).execute();
    await db
      .insertInto('file_stars')
      .values(fillers.map((f) => ({ user_id: alice.user.id, file_id: f.id, created_at: 0 })))
      .execute();
    const bobs = await uploadOne(t().client, bob.token, { name: 'lent.txt', content: samples.text('lent\n') });
    expect((await t().client.put(`/api/files/${bobs}/share`, { token: bob.token, json: { is_public: false, shared_users: [alice.user.username] } })).status).toBe(200);
    expect((await star(alice.token, 'files', bobs)).status).toBe(204);
    const trashed = await uploadOne(t().client, alice.token, { name: 'trashed.txt', content: samples.text('trashed\n') });
    expect((await star(alice.token, 'files', trashed)).status).toBe(204);
    expect((await t().client.delete(`/api/files/${trashed}`, { token: alice.token })).status).toBe(204);
    expect((await t().client.put(`/api/files/${bobs}/share`, { token: bob.token, json: { is_public: false, shared_users: [] } })).status).toBe(200);
    // 1000 stars, two of them hidden: the next star drops those two, not a visible one.
    const extra = await uploadOne(t().client, alice.token, { name: 'extra.txt', content: samples.text('extra\n') });
    expect((await star(alice.token, 'files', extra)).status).toBe(204);
    expect((await starRows(alice.user.id)).files).toHaveLength(LIMITS.maxStars - 1);
    expect((await starredFiles(alice.token, '&limit=1')).total).toBe(LIMITS.maxStars - 1);
  });
});
