import { expect, it, vi } from 'vitest';
import type { Folder } from '@vault/contract';
import { describeEachDb } from './helpers/server.js';
import { makeFolder, namesOf as names } from './helpers/folders.js';
import { samples, uploadOne } from './helpers/files.js';

describeEachDb('folders', (t) => {
  it('keeps a share made while it renames, and logs a change of sharing under the new name', async () => {
    const { user, token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Old name');
    const db = t().server.ctx.db;
    // Another request makes the folder public after this one first read it, before its transaction begins.
    const transaction = db.transaction.bind(db);
    const meanwhile: Pick<ReturnType<typeof db.transaction>, 'execute'> = {
      execute: async (work) => {
        await db.updateTable('folders').set({ is_public: 1 }).where('id', '=', folder.id).execute();
        return transaction().execute(work);
      },
    };
    vi.spyOn(db, 'transaction').mockImplementationOnce(() => meanwhile as ReturnType<typeof db.transaction>);
    expect((await t().client.put(`/api/folders/${folder.id}`, { token, json: { name: 'Renamed' } })).body.folder).toMatchObject({ name: 'Renamed', is_public: true });

    expect((await t().client.put(`/api/folders/${folder.id}`, { token, json: { name: 'Newest', is_public: false } })).status).toBe(200);
    const logged = await db.selectFrom('activity').select('file_name').where('type', '=', 'share').where('user_id', '=', user.id).execute();
    expect(logged.map((a) => a.file_name)).toEqual(['Newest']);
  });

  it('creates, reads, lists, renames and deletes a folder', async () => {
    const { token, user } = await t().client.register();
    const created = await t().client.post('/api/folders', { token, json: { name: '  Reports  ', parent_id: null, is_public: false } });
    expect(created.status).toBe(201);
    const folder: Folder = created.body.folder;
    expect(folder).toMatchObject({
      name: 'Reports',
      parent_id: null,
      is_public: false,
      user_id: user.id,
      username: user.username,
      file_count: 0,
      subfolder_count: 0,
      folder_size: 0,
      path: [{ id: folder.id, name: 'Reports' }],
    });
    expect(Date.parse(folder.created_at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await t().client.get(`/api/folders/${folder.id}`, { token })).body.folder).toEqual(folder);
    const list = await t().client.get('/api/folders', { token });
    expect(list.body).toEqual({ folders: [folder], total: 1 });

    const renamed = await t().client.put(`/api/folders/${folder.id}`, { token, json: { name: 'Annual reports', is_public: true } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.folder).toMatchObject({ name: 'Annual reports', is_public: true, path: [{ id: folder.id, name: 'Annual reports' }] });

    expect((await t().client.delete(`/api/folders/${folder.id}`, { token })).status).toBe(204);
    const gone = await t().client.get(`/api/folders/${folder.id}`, { token });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: 'Folder not found' });
    expect((await t().client.get('/api/folders', { token })).body).toEqual({ folders: [], total: 0 });
  });

  it('validates names, ids, bodies and criteria', async () => {
    const { token } = await t().client.register();
    const c = t().client;
    const cases: [unknown, string][] = [
      [{ name: '   ' }, 'Please enter a folder name'],
      [{}, 'Please enter a folder name'],
      [{ name: 'x'.repeat(256) }, 'Folder name must be at most 255 characters'],
      [{ name: 'a/b' }, 'Folder names cannot contain slashes or control characters'],
      [{ name: 'ok', parent_id: 'abc' }, 'Invalid input: expected number, received string'],
    ];
    for (const [json, error] of cases) {
      const res = await c.post('/api/folders', { token, json });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await c.post('/api/folders', { token, json: { name: 'x'.repeat(255) } })).status).toBe(201);
    const folder = await makeFolder(t(), token, 'Valid');
    expect((await c.put(`/api/folders/${folder.id}`, { token, json: { user_id: 1 } })).status).toBe(400);
    expect((await c.put(`/api/folders/${folder.id}`, { token, json: { name: '' } })).body.error).toBe('Please enter a folder name');
    expect((await c.get('/api/folders/abc', { token })).body).toEqual({ error: 'Invalid id' });
    expect((await c.get('/api/folders?sort_by=size', { token })).body.error).toBe('sort_by must be name, created_at or file_count');
    expect((await c.get('/api/folders?is_public=yes', { token })).status).toBe(400);
    expect((await c.get('/api/folders?parent_id=-1', { token })).status).toBe(400);
    expect((await c.get('/api/folders')).status).toBe(401);
    expect((await c.post('/api/folders', { json: { name: 'anon' } })).status).toBe(401);
  });

  it('nests folders with breadcrumbs, counts and recursive sizes', async () => {
    const { token } = await t().client.register();
    const a = await makeFolder(t(), token, 'A');
    const b = await makeFolder(t(), token, 'B', { parent_id: a.id });
    const c = await makeFolder(t(), token, 'C', { parent_id: b.id });
    const inA = samples.text('top level file\n');
    const inC = samples.pdf();
    await uploadOne(t().client, token, { name: 'a.txt', content: inA }, { folder_id: String(a.id) });
    await uploadOne(t().client, token, { name: 'c.pdf', content: inC }, { folder_id: String(c.id) });
    await uploadOne(t().client, token, { name: 'c2.pdf', content: inC }, { folder_id: String(c.id) });

    const get = async (id: number): Promise<Folder> => (await t().client.get(`/api/folders/${id}`, { token })).body.folder;
    expect(await get(c.id)).toMatchObject({
      parent_id: b.id,
      file_count: 2,
      subfolder_count: 0,
      folder_size: 2 * inC.length,
      path: [{ id: a.id, name: 'A' }, { id: b.id, name: 'B' }, { id: c.id, name: 'C' }],
    });
    expect(await get(b.id)).toMatchObject({ file_count: 0, subfolder_count: 1, folder_size: 2 * inC.length });
    expect(await get(a.id)).toMatchObject({ file_count: 1, subfolder_count: 1, folder_size: inA.length + 2 * inC.length });

    expect(names((await t().client.get(`/api/folders?parent_id=${a.id}`, { token })).body.folders)).toEqual(['B']);
    expect(names((await t().client.get('/api/folders?parent_id=root', { token })).body.folders)).toEqual(['A']);
    expect((await t().client.get('/api/folders?sort_by=name&sort_order=asc', { token })).body.total).toBe(3);

    // A move to the top level shortens the breadcrumb and moves the size with it.
    const moved = await t().client.put(`/api/folders/${c.id}`, { token, json: { parent_id: null } });
    expect(moved.body.folder.path).toEqual([{ id: c.id, name: 'C' }]);
    expect(await get(a.id)).toMatchObject({ subfolder_count: 1, folder_size: inA.length });
  });

  it('keeps sibling names unique per owner, ignoring case', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const docs = await makeFolder(t(), alice.token, 'Docs');
    const dup = await t().client.post('/api/folders', { token: alice.token, json: { name: ' DOCS ' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('A folder named "DOCS" already exists here');
    await makeFolder(t(), bob.token, 'Docs');
    const nested = await makeFolder(t(), alice.token, 'docs', { parent_id: docs.id });
    const other = await makeFolder(t(), alice.token, 'Other');
    expect((await t().client.put(`/api/folders/${other.id}`, { token: alice.token, json: { name: 'docs' } })).status).toBe(409);
    // Moving the nested "docs" up beside "Docs" collides too, and nothing changes.
    const moveUp = await t().client.put(`/api/folders/${nested.id}`, { token: alice.token, json: { parent_id: null } });
    expect(moveUp.status).toBe(409);
    expect((await t().client.get(`/api/folders/${nested.id}`, { token: alice.token })).body.folder.parent_id).toBe(docs.id);
    // Renaming to the same name with another case is not a conflict with itself.
    expect((await t().client.put(`/api/folders/${docs.id}`, { token: alice.token, json: { name: 'DOCS' } })).status).toBe(200);
  });

  it('stores a folder name in NFC, so that a name typed with a combining accent clashes with the composed one and is found by it', async () => {
    const { token } = await t().client.register();
    const decomposed = await makeFolder(t(), token, 'Cafe\u0301 Notes');
    expect(decomposed.name).toBe('Caf\u00e9 Notes');
    const composed = await t().client.post('/api/folders', { token, json: { name: 'caf\u00e9 notes' } });
    expect(composed.status).toBe(409);
    const found = await t().client.get(`/api/folders?search=${encodeURIComponent('cafe\u0301')}`, { token });
    expect(names(found.body.folders)).toEqual(['Caf\u00e9 Notes']);
  });

  it('answers concurrent creates of one name with one 201 and 409s', async () => {
    const { token } = await t().client.register();
    const results = await Promise.all(Array.from({ length: 8 }, () => t().client.post('/api/folders', { token, json: { name: 'Race' } })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await t().client.get('/api/folders', { token })).body.total).toBe(1);
  });

  it('refuses to move a folder into itself or below itself', async () => {
    const { token } = await t().client.register();
    const a = await makeFolder(t(), token, 'A');
    const b = await makeFolder(t(), token, 'B', { parent_id: a.id });
    const c = await makeFolder(t(), token, 'C', { parent_id: b.id });
    for (const parent of [a.id, b.id, c.id]) {
      const res = await t().client.put(`/api/folders/${a.id}`, { token, json: { parent_id: parent } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('A folder cannot be moved into itself or one of its subfolders');
    }
    expect((await t().client.get(`/api/folders/${a.id}`, { token })).body.folder.parent_id).toBeNull();
    expect((await t().client.put(`/api/folders/${c.id}`, { token, json: { parent_id: a.id } })).status).toBe(200);
    expect((await t().client.put(`/api/folders/${b.id}`, { token, json: { parent_id: c.id } })).status).toBe(200);
  });

  it('keeps folders within 100 levels, Trash included, whether created, moved or copied', async () => {
    const { token } = await t().client.register();
    const TOO_DEEP = 'Folders can be nested at most 100 levels deep';
    const chain: Folder[] = [];
    for (let level = 1; level <= 100; level += 1) chain.push(await makeFolder(t(), token, `L${level}`, { parent_id: chain.at(-1)?.id ?? null }));
    const below = await t().client.post('/api/folders', { token, json: { name: 'L101', parent_id: chain[99]!.id } });
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ error: TOO_DEEP, code: 'folderTooDeep', params: { max: 100 } });

    // A folder of two levels, the lower one in Trash: it still counts, as a restore would put it back.
    const x = await makeFolder(t(), token, 'X');
    const y = await makeFolder(t(), token, 'Y', { parent_id: x.id });
    expect((await t().client.delete(`/api/folders/${y.id}`, { token })).status).toBe(204);
    const moved = await t().client.put(`/api/folders/${x.id}`, { token, json: { parent_id: chain[98]!.id } });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe(TOO_DEEP);
    const bulk = (json: Record<string, unknown>) => t().client.post('/api/files/bulk', { token, json });
    expect((await bulk({ action: 'move', folder_ids: [x.id], folder_id: chain[98]!.id })).body.results).toEqual([expect.objectContaining({ id: x.id, ok: false, error: TOO_DEEP })]);
    expect((await bulk({ action: 'copy', folder_ids: [x.id], folder_id: chain[98]!.id })).body.results).toEqual([expect.objectContaining({ id: x.id, ok: false, error: TOO_DEEP })]);
    expect((await t().client.get(`/api/folders/${x.id}`, { token })).body.folder.parent_id).toBeNull();
    // One level higher, it fits: 98 above it and its own two.
    expect((await t().client.put(`/api/folders/${x.id}`, { token, json: { parent_id: chain[97]!.id } })).status).toBe(200);
    expect((await bulk({ action: 'copy', folder_ids: [chain[98]!.id], folder_id: null })).body.results).toEqual([expect.objectContaining({ ok: true })]);
  });

  it('searches, filters and sorts the caller\'s folders', async () => {
    const { token } = await t().client.register();
    const other = await t().client.register();
    await makeFolder(t(), other.token, 'alpha of someone else');
    const alpha = await makeFolder(t(), token, 'alpha', { is_public: true });
    const beta = await makeFolder(t(), token, 'Beta');
    await makeFolder(t(), token, 'Gamma 100%');
    for (let i = 0; i < 2; i++) await uploadOne(t().client, token, { name: `b${i}.txt`, content: samples.text() }, { folder_id: String(beta.id) });
    await uploadOne(t().client, token, { name: 'a.txt', content: samples.text() }, { folder_id: String(alpha.id) });
    const list = async (query: string) => names((await t().client.get(`/api/folders?${query}`, { token })).body.folders);

    expect(await list('')).toEqual(['Gamma 100%', 'Beta', 'alpha']);
    expect(await list('sort_by=name&sort_order=asc')).toEqual(['alpha', 'Beta', 'Gamma 100%']);
    expect(await list('sort_by=file_count&sort_order=desc')).toEqual(['Beta', 'alpha', 'Gamma 100%']);
    expect(await list('search=ALP')).toEqual(['alpha']);
    expect(await list('search=%25')).toEqual(['Gamma 100%']);
    expect(await list('search=_')).toEqual([]);
    expect(await list('is_public=true')).toEqual(['alpha']);
    expect(await list('is_public=false&sort_by=name&sort_order=asc')).toEqual(['Beta', 'Gamma 100%']);
    expect(await list('search=&is_public=&sort_by=&sort_order=')).toHaveLength(3);
    // Public through a folder above counts as public, as its badge says.
    await makeFolder(t(), token, 'inside alpha', { parent_id: alpha.id });
    expect(await list('is_public=true&sort_by=name&sort_order=asc')).toEqual(['alpha', 'inside alpha']);
    expect(await list('is_public=false&sort_by=name&sort_order=asc')).toEqual(['Beta', 'Gamma 100%']);
  });

  it('moves files between folders for their owner only', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const from = await makeFolder(t(), alice.token, 'From');
    const to = await makeFolder(t(), alice.token, 'To');
    const bobs = await makeFolder(t(), bob.token, 'Bob', { is_public: true });
    const id = await uploadOne(t().client, alice.token, { name: 'doc.txt', content: samples.text() }, { folder_id: String(from.id) });
    const moved = await t().client.put(`/api/files/${id}`, { token: alice.token, json: { folder_id: to.id, original_name: 'memo.txt' } });
    expect(moved.body.file).toMatchObject({ folder_id: to.id, folder_name: 'To', original_name: 'memo.txt' });
    expect((await t().client.get(`/api/folders/${to.id}`, { token: alice.token })).body.folder.file_count).toBe(1);
    const intoOthers = await t().client.put(`/api/files/${id}`, { token: alice.token, json: { folder_id: bobs.id } });
    expect(intoOthers.status).toBe(404);
    expect(intoOthers.body).toMatchObject({ error: 'Folder not found' });
  });
});
