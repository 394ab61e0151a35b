import { expect, it, vi } from 'vitest';
import type { BusMessage } from '../src/events/bus.js';
import { describeEachDb } from './helpers/server.js';
import { recordEvents } from './helpers/events.js';
import { makeFolder } from './helpers/folders.js';
import { assertStorageConsistent, blobOf, objectFiles, samples, settled, uploadOne } from './helpers/files.js';

// Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
describeEachDb('folder delete and events', (t) => {
  it('deletes the folder, its subfolders and their files, releasing each blob reference exactly once', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const top = await makeFolder(t(), alice.token, 'Top');
    const sub = await makeFolder(t(), alice.token, 'Sub', { parent_id: top.id });
    const deep = await makeFolder(t(), alice.token, 'Deep', { parent_id: sub.id });
    const keep = await makeFolder(t(), alice.token, 'Keep');

    const onlyInside = samples.pdf();
    const twiceInside = samples.png();
    const alsoOutside = samples.text();
    const alsoBobs = samples.jpeg();
    const inside = [
      await uploadOne(t().client, alice.token, { name: 'only.pdf', content: onlyInside }, { folder_id: String(top.id), tags: 'x' }),
      await uploadOne(t().client, alice.token, { name: 'twice-1.png', content: twiceInside }, { folder_id: String(sub.id) }),
      await uploadOne(t().client, alice.token, { name: 'twice-2.png', content: twiceInside }, { folder_id: String(deep.id) }),
      await uploadOne(t().client, alice.token, { name: 'shared.txt', content: alsoOutside }, { folder_id: String(deep.id) }),
      await uploadOne(t().client, alice.token, { name: 'bobs-too.jpg', content: alsoBobs }, { folder_id: String(sub.id) }),
    ];
    const outside = await uploadOne(t().client, alice.token, { name: 'outside.txt', content: alsoOutside }, { folder_id: String(keep.id) });
    const bobsFile = await uploadOne(t().client, bob.token, { name: 'mine.jpg', content: alsoBobs });
    await t().client.put(`/api/files/${inside[3]}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    await t().client.put(`/api/folders/${sub.id}`, { token: alice.token, json: { shared_users: [bob.user.username] } });

    expect((await blobOf(t(), twiceInside))?.ref_count).toBe(2);
    expect((await blobOf(t(), alsoOutside))?.ref_count).toBe(2);
    const goneKeys = [(await blobOf(t(), onlyInside))!.storage_key, (await blobOf(t(), twiceInside))!.storage_key];

    const { messages, stop } = recordEvents(t());
    const res = await t().client.delete(`/api/folders/${top.id}`, { token: alice.token });
    expect(res.status).toBe(204);
    await settled(t());

    const db = t().server.ctx.db;
    expect(await db.selectFrom('folders').select('id').where('id', 'in', [top.id, sub.id, deep.id]).execute()).toEqual([]);
    expect(await db.selectFrom('files').select('id').where('id', 'in', inside).execute()).toEqual([]);
    expect(await db.selectFrom('file_tags').select('file_id').where('file_id', 'in', inside).execute()).toEqual([]);
    expect(await db.selectFrom('file_shares').select('file_id').where('file_id', 'in', inside).execute()).toEqual([]);
    expect(await db.selectFrom('folder_shares').select('folder_id').where('folder_id', '=', sub.id).execute()).toEqual([]);
    expect(await blobOf(t(), onlyInside)).toBeUndefined();
    expect(await blobOf(t(), twiceInside)).toBeUndefined();
    expect((await blobOf(t(), alsoOutside))?.ref_count).toBe(1);
    expect((await blobOf(t(), alsoBobs))?.ref_count).toBe(1);
    for (const key of goneKeys) expect(objectFiles(t().dataDir)).not.toContain(key);
    await assertStorageConsistent(t());

    expect((await t().client.get(`/api/files/${outside}/download`, { token: alice.token })).text).toBe(alsoOutside.toString());
    expect((await t().client.get(`/api/files/${bobsFile}/download`, { token: bob.token })).status).toBe(200);
    expect((await t().client.get(`/api/folders/${keep.id}`, { token: alice.token })).status).toBe(200);
    const deletes = await db.selectFrom('activity').select(['file_id', 'detail', 'detail_code', 'detail_params']).where('type', '=', 'delete').where('user_id', '=', alice.user.id).execute();
    expect(deletes.map((d) => d.file_id).sort()).toEqual([...inside].sort());
    expect(deletes[0]).toMatchObject({ detail: 'with folder "Top"', detail_code: 'withFolder', detail_params: JSON.stringify({ folder: 'Top' }) });

    // Events travel through the bus (PostgreSQL NOTIFY) apart from the response: wait for all of them.
    const deletions = () => messages.filter((m) => m.event.type === 'file_deleted' || m.event.type === 'folder_deleted');
    await vi.waitFor(() => expect(deletions()).toHaveLength(inside.length + 3));
    stop();
    const fileEvents = deletions().filter((m) => m.event.type === 'file_deleted');
    expect(fileEvents.map((m) => m.event.file_id).sort()).toEqual([...inside].sort());
    const folderEvents = deletions().filter((m) => m.event.type === 'folder_deleted');
    expect(folderEvents.map((m) => m.event.folder_id).sort()).toEqual([top.id, sub.id, deep.id].sort());
    // bob saw Sub (shared) and the file shared with him, not Top or the file above Sub.
    const audienceOf = (pick: (m: BusMessage) => boolean) => deletions().find(pick)!.audience.userIds;
    expect(audienceOf((m) => m.event.folder_id === top.id)).toEqual([alice.user.id]);
    expect(audienceOf((m) => m.event.folder_id === deep.id).sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(audienceOf((m) => m.event.file_id === inside[0])).toEqual([alice.user.id]);
    expect(audienceOf((m) => m.event.file_id === inside[3]).sort()).toEqual([alice.user.id, bob.user.id].sort());
  });

  it('deletes an empty folder and refuses a second delete', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Empty');
    expect((await t().client.delete(`/api/folders/${folder.id}`, { token })).status).toBe(204);
    expect((await t().client.delete(`/api/folders/${folder.id}`, { token })).status).toBe(404);
  });

  it('tells the owner, named users and everyone (when public) about folder changes', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const parent = await makeFolder(t(), alice.token, 'Parent');
    await t().client.put(`/api/folders/${parent.id}`, { token: alice.token, json: { shared_users: [bob.user.username] } });
    const { messages: all, stop } = recordEvents(t());
    const child = await makeFolder(t(), alice.token, 'Child', { parent_id: parent.id });
    await t().client.put(`/api/folders/${child.id}`, { token: alice.token, json: { parent_id: null, is_public: true } });
    // Through PostgreSQL NOTIFY, earlier tests' events may still arrive and this test's may come late.
    const messages = () => all.filter((m) => m.event.folder_id === child.id);
    await vi.waitFor(() => expect(messages()).toHaveLength(2));
    stop();
    expect(messages()[0]).toMatchObject({ event: { type: 'folder_created', folder_id: child.id }, audience: { public: false } });
    expect(messages()[0]!.audience.userIds.sort()).toEqual([alice.user.id, bob.user.id].sort());
    // bob saw it before the move, so he hears of it leaving; it is public now.
    expect(messages()[1]).toMatchObject({ event: { type: 'folder_updated', folder_id: child.id }, audience: { public: true } });
    expect(messages()[1]!.audience.userIds.sort()).toEqual([alice.user.id, bob.user.id].sort());
  });

  it('keeps storage consistent when uploads race a folder delete', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Racing');
    const uploads = Array.from({ length: 6 }, (_, i) =>
      uploadOne(t().client, token, { name: `r${i}.txt`, content: samples.text() }, { folder_id: String(folder.id) }).then(
        () => 'stored',
        (err: Error) => err.message,
      ),
    );
    const del = t().client.delete(`/api/folders/${folder.id}`, { token });
    const outcomes = await Promise.all(uploads);
    expect((await del).status).toBe(204);
    for (const o of outcomes) expect(o === 'stored' || o.includes('404')).toBe(true);
    const left = await t().server.ctx.db.selectFrom('files').select('id').where('folder_id', '=', folder.id).execute();
    expect(left).toEqual([]);
    await assertStorageConsistent(t());
  });
}, { TRASH_DAYS: '0' });
