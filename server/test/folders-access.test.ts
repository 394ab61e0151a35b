import { expect, it } from 'vitest';
import { describeEachDb } from './helpers/server.js';
import { makeFolder, namesOf } from './helpers/folders.js';
import { samples, upload, uploadOne } from './helpers/files.js';
import { makeAdmin } from './helpers/users.js';

describeEachDb('folder visibility and sharing', (t) => {
  /** alice's private tree: Private > Inner, with a file in Inner. */
  async function privateTree() {
    const alice = await t().client.register();
    const outer = await makeFolder(t(), alice.token, 'Private');
    const inner = await makeFolder(t(), alice.token, 'Inner', { parent_id: outer.id });
    const content = samples.text();
    const fileId = await uploadOne(t().client, alice.token, { name: 'inside.txt', content }, { folder_id: String(inner.id) });
    return { alice, outer, inner, fileId, content };
  }

  it("answers 404 for every route on another user's private folder", async () => {
    const { outer, inner } = await privateTree();
    const stranger = await t().client.register();
    const token = stranger.token;
    const c = t().client;
    for (const id of [outer.id, inner.id, 99_999_999]) {
      const attempts = [
        await c.get(`/api/folders/${id}`, { token }),
        await c.put(`/api/folders/${id}`, { token, json: { name: 'mine' } }),
        await c.put(`/api/folders/${id}`, { token, json: { is_public: true } }),
        await c.delete(`/api/folders/${id}`, { token }),
        await c.get(`/api/folders/${id}/share`, { token }),
        await c.get(`/api/folders?parent_id=${id}`, { token }),
        await c.get(`/api/files?folder_id=${id}`, { token }),
        await c.get(`/api/folders/public/${id}`),
        await c.get(`/api/folders/public/${id}`, { token }),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ error: 'Folder not found' });
      }
      const asParent = await c.post('/api/folders', { token, json: { name: 'x', parent_id: id } });
      expect(asParent.body).toMatchObject({ error: 'Parent folder not found' });
      const intoIt = await upload(c, token, [{ name: 'x.txt', content: samples.text() }], { folder_id: String(id) });
      expect(intoIt.status).toBe(404);
    }
    const mine = await makeFolder(t(), token, 'Mine');
    const move = await c.put(`/api/folders/${mine.id}`, { token, json: { parent_id: inner.id } });
    expect(move.body).toMatchObject({ error: 'Parent folder not found' });
    expect(namesOf((await c.get('/api/folders', { token })).body.folders)).toEqual(['Mine']);
  });

  it('makes everything under a public folder readable by anyone, read-only', async () => {
    const { alice, outer, inner, fileId, content } = await privateTree();
    const stranger = await t().client.register();
    expect((await t().client.get(`/api/files/public/${fileId}/download`)).status).toBe(404);

    await t().client.put(`/api/folders/${outer.id}`, { token: alice.token, json: { is_public: true } });
    const anonymous = await t().client.get(`/api/files/public/${fileId}/download`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).toBe(content.toString());
    expect((await t().client.get(`/api/files/public/${fileId}`)).body.file.original_name).toBe('inside.txt');

    const view = await t().client.get(`/api/folders/public/${outer.id}`);
    expect(view.status).toBe(200);
    expect(view.body.folder).toMatchObject({ name: 'Private', is_public: true, subfolder_count: 1, folder_size: content.length });
    expect(namesOf(view.body.folders)).toEqual(['Inner']);
    expect(view.body.files).toEqual([]);
    const innerView = await t().client.get(`/api/folders/public/${inner.id}`);
    expect(innerView.body.files.map((f: { id: number }) => f.id)).toEqual([fileId]);
    expect(innerView.body.folder.path).toEqual([{ id: outer.id, name: 'Private' }, { id: inner.id, name: 'Inner' }]);

    // Signed-in strangers read through the ordinary routes too, but change nothing.
    expect((await t().client.get(`/api/folders/${inner.id}`, { token: stranger.token })).status).toBe(200);
    expect((await t().client.get(`/api/files?folder_id=${inner.id}`, { token: stranger.token })).body.total).toBe(1);
    expect((await t().client.get(`/api/files/${fileId}/download`, { token: stranger.token })).status).toBe(200);
    expect((await t().client.delete(`/api/folders/${inner.id}`, { token: stranger.token })).status).toBe(404);
    expect((await t().client.put(`/api/folders/${inner.id}`, { token: stranger.token, json: { name: 'x' } })).status).toBe(404);
    expect((await t().client.delete(`/api/files/${fileId}`, { token: stranger.token })).status).toBe(404);

    await t().client.put(`/api/folders/${outer.id}`, { token: alice.token, json: { is_public: false } });
    expect((await t().client.get(`/api/files/public/${fileId}/download`)).status).toBe(404);
    expect((await t().client.get(`/api/folders/public/${inner.id}`)).status).toBe(404);
  });

  it('shows a public subfolder without naming its private ancestors', async () => {
    const { alice, outer, inner } = await privateTree();
    await t().client.put(`/api/folders/${inner.id}`, { token: alice.token, json: { is_public: true } });
    const view = await t().client.get(`/api/folders/public/${inner.id}`);
    expect(view.body.folder.path).toEqual([{ id: inner.id, name: 'Inner' }]);
    expect(view.text).not.toContain(outer.name);
    expect((await t().client.get(`/api/folders/public/${outer.id}`)).status).toBe(404);
  });

  it('lets the users a folder is shared with read everything under it, and nobody else', async () => {
    const { alice, outer, inner, fileId, content } = await privateTree();
    const bob = await t().client.register();
    const carol = await t().client.register();
    const share = await t().client.put(`/api/folders/${outer.id}`, { token: alice.token, json: { shared_users: [bob.user.username.toUpperCase()] } });
    expect(share.status).toBe(200);
    expect((await t().client.get(`/api/folders/${outer.id}/share`, { token: alice.token })).body).toEqual({ is_public: false, shared_users: [bob.user.username] });

    const download = await t().client.get(`/api/files/${fileId}/download`, { token: bob.token });
    expect(download.status).toBe(200);
    expect(download.text).toBe(content.toString());
    const folder = await t().client.get(`/api/folders/${inner.id}`, { token: bob.token });
    expect(folder.body.folder).toMatchObject({ name: 'Inner', username: alice.user.username, path: [{ id: outer.id, name: 'Private' }, { id: inner.id, name: 'Inner' }] });
    expect(namesOf((await t().client.get(`/api/folders?parent_id=${outer.id}`, { token: bob.token })).body.folders)).toEqual(['Inner']);
    expect((await t().client.get(`/api/files?folder_id=${inner.id}`, { token: bob.token })).body.files.map((f: { id: number }) => f.id)).toEqual([fileId]);
    const shared = await t().client.get('/api/shared-with-me', { token: bob.token });
    expect(namesOf(shared.body.folders)).toEqual(['Private']);
    expect(shared.body.folders[0].username).toBe(alice.user.username);
    // Shared, not public: no anonymous access, and bob's own lists stay his.
    expect((await t().client.get(`/api/files/public/${fileId}/download`)).status).toBe(404);
    expect((await t().client.get(`/api/folders/public/${outer.id}`)).status).toBe(404);
    expect((await t().client.get('/api/folders', { token: bob.token })).body.total).toBe(0);
    expect((await t().client.get(`/api/folders/${outer.id}/share`, { token: bob.token })).status).toBe(404);

    for (const res of [
      await t().client.get(`/api/files/${fileId}/download`, { token: carol.token }),
      await t().client.get(`/api/folders/${inner.id}`, { token: carol.token }),
      await t().client.get(`/api/files?folder_id=${inner.id}`, { token: carol.token }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await t().client.get('/api/shared-with-me', { token: carol.token })).body).toEqual({ files: [], folders: [] });

    // Making it public drops the named users, as for files; named users need private.
    const both = await t().client.put(`/api/folders/${outer.id}`, { token: alice.token, json: { is_public: true, shared_users: [carol.user.username] } });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('Folders can be shared with named users only while private');
    const unknown = await t().client.put(`/api/folders/${outer.id}`, { token: alice.token, json: { shared_users: ['nobody_here'] } });
    expect(unknown.body.error).toBe('Unknown user: nobody_here');
    await t().client.put(`/api/folders/${outer.id}`, { token: alice.token, json: { is_public: true } });
    expect((await t().client.get(`/api/folders/${outer.id}/share`, { token: alice.token })).body).toEqual({ is_public: true, shared_users: [] });
    await t().client.put(`/api/folders/${outer.id}`, { token: alice.token, json: { is_public: false } });
    expect((await t().client.get(`/api/files/${fileId}/download`, { token: bob.token })).status).toBe(404);
  });

  it('lists files shared by name with their owner, and nothing of the caller\'s own', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const sharedId = await uploadOne(t().client, alice.token, { name: 'for-bob.pdf', content: samples.pdf() });
    await uploadOne(t().client, alice.token, { name: 'public.txt', content: samples.text() }, { is_public: 'true' });
    await uploadOne(t().client, bob.token, { name: 'bobs.txt', content: samples.text() });
    await t().client.put(`/api/files/${sharedId}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    const res = await t().client.get('/api/shared-with-me', { token: bob.token });
    expect(res.body.folders).toEqual([]);
    expect(res.body.files).toHaveLength(1);
    expect(res.body.files[0]).toMatchObject({ id: sharedId, original_name: 'for-bob.pdf', username: alice.user.username });
    expect((await t().client.get('/api/shared-with-me')).status).toBe(401);
  });

  it('lets an admin read any folder but change none through the owner routes', async () => {
    const { outer } = await privateTree();
    const admin = await makeAdmin(t());
    expect((await t().client.get(`/api/folders/${outer.id}`, { token: admin.token })).status).toBe(200);
    expect((await t().client.delete(`/api/folders/${outer.id}`, { token: admin.token })).status).toBe(404);
  });
});
