import { expect, it } from 'vitest';
import type { EffectiveVisibility, FileItem, Folder, PublicFolderResponse } from '@vault/contract';
import { describeEachDb } from './helpers/server.js';
import { samples, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { makeAdmin } from './helpers/users.js';

describeEachDb('effective visibility of files', (t) => {
  it('says public itself, public through the nearest public folder, shared with whom (to the owner only), or private', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const carol = await t().client.register();
    const share = (kind: 'files' | 'folders', id: number, body: object) => t().client.put(`/api/${kind}/${id}/share`, { token: alice.token, json: body });

    // Outer (public) > Middle (public) > Inner; Team (shared with carol) > Nested.
    const outer = await makeFolder(t(), alice.token, 'Outer', { is_public: true });
    const middle = await makeFolder(t(), alice.token, 'Middle', { parent_id: outer.id, is_public: true });
    const inner = await makeFolder(t(), alice.token, 'Inner', { parent_id: middle.id });
    const team = await makeFolder(t(), alice.token, 'Team');
    const nested = await makeFolder(t(), alice.token, 'Nested', { parent_id: team.id });
    expect((await share('folders', team.id, { is_public: false, shared_users: [carol.user.username] })).status).toBe(200);

    const upload = (name: string, fields: Record<string, string> = {}) => uploadOne(t().client, alice.token, { name, content: samples.text() }, fields);
    const open = await upload('open.txt', { is_public: 'true' });
    const deep = await upload('deep.txt', { folder_id: String(inner.id) });
    const teamFile = await upload('team.txt', { folder_id: String(nested.id) });
    const alone = await upload('alone.txt');
    expect((await share('files', teamFile, { is_public: false, shared_users: [bob.user.username] })).status).toBe(200);

    const asAlice = async (id: number) => ((await t().client.get(`/api/files/${id}`, { token: alice.token })).body.file as FileItem).visibility;
    expect(await asAlice(open)).toEqual({ kind: 'public' });
    expect(await asAlice(deep)).toEqual({ kind: 'public_folder', folder_id: middle.id, folder_name: 'Middle' });
    expect(await asAlice(teamFile)).toEqual({ kind: 'shared', users: [bob.user.username, carol.user.username].sort((a, b) => a.localeCompare(b)) });
    expect(await asAlice(alone)).toEqual({ kind: 'private' });

    // Lists carry the same field.
    const list = await t().client.get('/api/files?limit=100', { token: alice.token });
    const listed = new Map((list.body.files as FileItem[]).map((f) => [f.id, f.visibility]));
    expect(listed.get(teamFile)).toEqual(await asAlice(teamFile));
    expect(listed.get(deep)).toEqual(await asAlice(deep));

    // A recipient learns that it is shared, not with whom; an anonymous reader sees why it is public.
    expect((await t().client.get(`/api/files/${teamFile}`, { token: bob.token })).body.file.visibility).toEqual({ kind: 'shared', users: null });
    expect((await t().client.get(`/api/files/public/${deep}`)).body.file.visibility).toEqual({ kind: 'public_folder', folder_id: middle.id, folder_name: 'Middle' });

    // Making the nearer folder private points at the one above it.
    expect((await share('folders', middle.id, { is_public: false })).status).toBe(200);
    expect(await asAlice(deep)).toEqual({ kind: 'public_folder', folder_id: outer.id, folder_name: 'Outer' });
  });
});

describeEachDb('effective visibility of folders', (t) => {
  it('says the same of folders, on every route, and names the people to the owner only', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const carol = await t().client.register();
    const share = (id: number, body: object) => t().client.put(`/api/folders/${id}/share`, { token: alice.token, json: body });

    // Photos (public) > Trip; Team (shared with bob and carol) > Nested; Alone.
    const photos = await makeFolder(t(), alice.token, 'Photos', { is_public: true });
    const trip = await makeFolder(t(), alice.token, 'Trip', { parent_id: photos.id });
    const team = await makeFolder(t(), alice.token, 'Team');
    const nested = await makeFolder(t(), alice.token, 'Nested', { parent_id: team.id });
    const alone = await makeFolder(t(), alice.token, 'Alone');
    expect((await share(team.id, { is_public: false, shared_users: [carol.user.username, bob.user.username] })).status).toBe(200);

    const everyone = [bob.user.username, carol.user.username].sort((a, b) => a.localeCompare(b));
    const expected = new Map<number, EffectiveVisibility>([
      [photos.id, { kind: 'public' }],
      [trip.id, { kind: 'public_folder', folder_id: photos.id, folder_name: 'Photos' }],
      [team.id, { kind: 'shared', users: everyone }],
      [nested.id, { kind: 'shared', users: everyone }],
      [alone.id, { kind: 'private' }],
    ]);
    const byId = (folders: Folder[]) => new Map(folders.map((f) => [f.id, f.visibility]));

    // The owner: the list, one folder, a folder's children.
    const list = byId((await t().client.get('/api/folders', { token: alice.token })).body.folders);
    for (const [id, visibility] of expected) expect(list.get(id)).toEqual(visibility);
    expect((await t().client.get(`/api/folders/${nested.id}`, { token: alice.token })).body.folder.visibility).toEqual(expected.get(nested.id));
    expect(byId((await t().client.get(`/api/folders?parent_id=${photos.id}`, { token: alice.token })).body.folders).get(trip.id)).toEqual(expected.get(trip.id));

    // A recipient learns that it is shared, not with whom nor how many; so does an admin.
    const sharedWithBob = byId((await t().client.get('/api/shared-with-me', { token: bob.token })).body.folders);
    expect(sharedWithBob.get(team.id)).toEqual({ kind: 'shared', users: null });
    expect((await t().client.get(`/api/folders/${nested.id}`, { token: bob.token })).body.folder.visibility).toEqual({ kind: 'shared', users: null });
    const admin = await makeAdmin(t());
    expect((await t().client.get(`/api/folders/${team.id}`, { token: admin.token })).body.folder.visibility).toEqual({ kind: 'shared', users: null });

    // An anonymous visitor sees a public folder and the subfolders it makes public as such.
    const view = (await t().client.get(`/api/folders/public/${photos.id}`)).body as PublicFolderResponse;
    expect(view.folder.visibility).toEqual({ kind: 'public' });
    expect(byId(view.folders).get(trip.id)).toEqual(expected.get(trip.id));
    expect((await t().client.get(`/api/folders/public/${trip.id}`)).body.folder.visibility).toEqual(expected.get(trip.id));

    // Making a folder public itself, and private again, is seen at once.
    expect((await share(trip.id, { is_public: true })).status).toBe(200);
    expect((await t().client.get(`/api/folders/${trip.id}`, { token: alice.token })).body.folder.visibility).toEqual({ kind: 'public' });
    expect((await share(photos.id, { is_public: false })).status).toBe(200);
    expect((await t().client.get(`/api/folders/${photos.id}`, { token: alice.token })).body.folder.visibility).toEqual({ kind: 'private' });
  });
});
