import { expect, it } from 'vitest';
import { describeEachDb } from './helpers/server.js';
import { makeFolder } from './helpers/folders.js';
import { samples, uploadOne } from './helpers/files.js';
import { openSocket } from './helpers/ws.js';
import { makeAdmin } from './helpers/users.js';

describeEachDb('sharing files and folders', (t) => {
  /** alice's private folder with a file in it, and bob, who does not see it yet. */
  async function aliceFolder() {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const folder = await makeFolder(t(), alice.token, 'Plans');
    const fileId = await uploadOne(t().client, alice.token, { name: 'plan.txt', content: samples.text() }, { folder_id: String(folder.id) });
    return { alice, bob, folder, fileId };
  }

  it('reads and replaces a folder share through /share, with the payload and answer of the file route', async () => {
    const { alice, bob, folder, fileId } = await aliceFolder();
    const url = `/api/folders/${folder.id}/share`;
    expect((await t().client.get(url, { token: alice.token })).body).toEqual({ is_public: false, shared_users: [] });

    const share = await t().client.put(url, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username.toUpperCase(), alice.user.username] } });
    expect(share.status).toBe(200);
    expect(share.body).toEqual({ is_public: false, shared_users: [bob.user.username] });
    expect((await t().client.get(url, { token: alice.token })).body).toEqual(share.body);
    expect((await t().client.get(`/api/files/${fileId}/download`, { token: bob.token })).status).toBe(200);
    const shared = await t().client.get('/api/shared-with-me', { token: bob.token });
    expect(shared.body.folders.map((f: { id: number }) => f.id)).toEqual([folder.id]);

    const open = await t().client.put(url, { token: alice.token, json: { is_public: true } });
    expect(open.body).toEqual({ is_public: true, shared_users: [] });
    expect((await t().client.get(`/api/folders/public/${folder.id}`)).status).toBe(200);
    expect((await t().client.get(`/api/folders/${folder.id}`, { token: alice.token })).body.folder.is_public).toBe(true);

    const closed = await t().client.put(url, { token: alice.token, json: { is_public: false } });
    expect(closed.body).toEqual({ is_public: false, shared_users: [] });
    expect((await t().client.get(`/api/files/${fileId}/download`, { token: bob.token })).status).toBe(404);
    expect((await t().client.get(`/api/folders/public/${folder.id}`)).status).toBe(404);

    const audit = await t().server.ctx.db.selectFrom('activity').select('detail').where('type', '=', 'share').where('user_id', '=', alice.user.id).orderBy('id').execute();
    expect(audit.map((a) => a.detail)).toEqual([`folder, private, shared with ${bob.user.username}`, 'folder, public', 'folder, private']);
  });

  it('sees the same shares through /share and the shared_users field of the folder update', async () => {
    const { alice, bob, folder } = await aliceFolder();
    const update = await t().client.put(`/api/folders/${folder.id}`, { token: alice.token, json: { shared_users: [bob.user.username] } });
    expect(update.status).toBe(200);
    expect((await t().client.get(`/api/folders/${folder.id}/share`, { token: alice.token })).body).toEqual({ is_public: false, shared_users: [bob.user.username] });

    await t().client.put(`/api/folders/${folder.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [] } });
    const shared = await t().client.get('/api/shared-with-me', { token: bob.token });
    expect(shared.body.folders).toEqual([]);
  });

  it('tells a user at once that a folder was shared with them', async () => {
    const { alice, bob, folder } = await aliceFolder();
    const socket = await openSocket(t().url, { token: bob.token });
    try {
      await socket.next((m) => m.type === 'ready');
      await t().client.put(`/api/folders/${folder.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
      const event = await socket.next((m) => m.type === 'folder_updated');
      expect(event).toMatchObject({ type: 'folder_updated', folder_id: folder.id });
    } finally {
      socket.close();
    }
  });

  it('lists own files and files shared by name apart with scope=own and scope=shared', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const mine = await uploadOne(t().client, bob.token, { name: 'mine.txt', content: samples.text() });
    const theirs = await uploadOne(t().client, alice.token, { name: 'theirs.txt', content: samples.text() });
    await t().client.put(`/api/files/${theirs}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    const ids = async (query: string) => {
      const res = await t().client.get(`/api/files${query}`, { token: bob.token });
      expect(res.status).toBe(200);
      return { ids: res.body.files.map((f: { id: number }) => f.id), total: res.body.total };
    };
    expect(await ids('?scope=own')).toEqual({ ids: [mine], total: 1 });
    expect(await ids('?scope=shared')).toEqual({ ids: [theirs], total: 1 });
    expect((await ids('')).ids.sort()).toEqual([mine, theirs].sort());
    expect((await t().client.get('/api/files?scope=everything', { token: bob.token })).status).toBe(400);
  });

  it('refuses unknown usernames with their list beside the sentence, and changes nothing', async () => {
    const { alice, bob, folder, fileId } = await aliceFolder();
    const names = ['nobody_1', bob.user.username, 'Nobody_2'];
    const expected = { error: 'Unknown users: nobody_1, Nobody_2', code: 'unknownUsers', params: { count: 2, names: 'nobody_1, Nobody_2' }, unknown_users: ['nobody_1', 'Nobody_2'] };
    for (const [method, url, json] of [
      ['put', `/api/folders/${folder.id}/share`, { is_public: false, shared_users: names }],
      ['put', `/api/folders/${folder.id}`, { shared_users: names }],
      ['put', `/api/files/${fileId}/share`, { is_public: false, shared_users: names }],
    ] as const) {
      const res = await t().client[method](url, { token: alice.token, json });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual(expected);
    }
    const one = await t().client.put(`/api/folders/${folder.id}/share`, { token: alice.token, json: { is_public: false, shared_users: ['ghost'] } });
    expect(one.body).toMatchObject({ error: 'Unknown user: ghost', unknown_users: ['ghost'] });

    expect((await t().client.get(`/api/folders/${folder.id}/share`, { token: alice.token })).body).toEqual({ is_public: false, shared_users: [] });
    expect((await t().client.get(`/api/files/${fileId}/share`, { token: alice.token })).body).toEqual({ is_public: false, shared_users: [] });
  });

  it('refuses named users on a public folder, and a body that is not a share', async () => {
    const { alice, bob, folder } = await aliceFolder();
    const url = `/api/folders/${folder.id}/share`;
    const both = await t().client.put(url, { token: alice.token, json: { is_public: true, shared_users: [bob.user.username] } });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ error: 'Folders can be shared with named users only while private' });
    for (const json of [{}, { is_public: 'yes' }, { is_public: false, shared_users: 'bob' }, { is_public: false, shared_users: [''] }]) {
      const res = await t().client.put(url, { token: alice.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error, JSON.stringify(json)).toEqual(expect.any(String));
    }
    expect((await t().client.get(url, { token: alice.token })).body).toEqual({ is_public: false, shared_users: [] });
  });

  it('refuses a misspelt key instead of reading it as no one named, and keeps the shares', async () => {
    const { alice, bob, folder } = await aliceFolder();
    const fileId = await uploadOne(t().client, alice.token, { name: 'kept.txt', content: samples.text('kept') });
    for (const url of [`/api/folders/${folder.id}/share`, `/api/files/${fileId}/share`]) {
      expect((await t().client.put(url, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } })).status).toBe(200);
      const typo = await t().client.put(url, { token: alice.token, json: { is_public: false, sharedUsers: [bob.user.username] } });
      expect(typo.status, url).toBe(400);
      expect((await t().client.get(url, { token: alice.token })).body, url).toEqual({ is_public: false, shared_users: [bob.user.username] });
    }
    const misplaced = await t().client.post('/api/folders', { token: alice.token, json: { name: 'Inside', parentId: folder.id } });
    expect(misplaced.status).toBe(400);
  });

  it("answers 404 to anyone but the owner, even those it is shared with and admins", async () => {
    const { alice, bob, folder } = await aliceFolder();
    const admin = await makeAdmin(t());
    await t().client.put(`/api/folders/${folder.id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });

    for (const token of [bob.token, admin.token]) {
      for (const id of [folder.id, 99_999_999]) {
        const read = await t().client.get(`/api/folders/${id}/share`, { token });
        const write = await t().client.put(`/api/folders/${id}/share`, { token, json: { is_public: true } });
        for (const res of [read, write]) {
          expect(res.status).toBe(404);
          expect(res.body).toMatchObject({ error: 'Folder not found' });
        }
      }
    }
    expect((await t().client.put(`/api/folders/${folder.id}/share`, { json: { is_public: true } })).status).toBe(401);
    expect((await t().client.get(`/api/folders/${folder.id}/share`, { token: alice.token })).body).toEqual({ is_public: false, shared_users: [bob.user.username] });
  });
});
