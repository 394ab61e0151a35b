import { expect, it, vi } from 'vitest';
import { MANAGE_LIMITS, type BulkRequest, type BulkResult } from '@vault/contract';
import type { BusMessage } from '../src/events/bus.js';
import { makeFolder } from './helpers/folders.js';
import { addFiles, assertStorageConsistent, blobOf, samples, settled, uploadOne } from './helpers/files.js';
import { describeEachDb } from './helpers/server.js';
import { recordEvents } from './helpers/events.js';

const MISSING = 987_654_321;
const CYCLE = 'A folder cannot be moved into itself or one of its subfolders';

// Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
describeEachDb('file management', (t) => {
  const bulk = (token: string, json: BulkRequest) => t().client.post('/api/files/bulk', { token, json });
  const file = async (token: string, id: number) => (await t().client.get(`/api/files/${id}`, { token })).body.file;
  const folder = async (token: string, id: number) => (await t().client.get(`/api/folders/${id}`, { token })).body.folder;
  const put = (token: string, id: number, json: Record<string, unknown>) => t().client.put(`/api/files/${id}`, { token, json });
  const usedBytes = async (token: string): Promise<number> => (await t().client.get('/api/auth/stats', { token })).body.used_storage_bytes;
  const ok = (kind: BulkResult['kind'], id: number) => ({ id, kind, ok: true });
  const bytesOf = async (token: string, id: number) => Buffer.from(await (await fetch(`${t().url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
  const failed = (kind: BulkResult['kind'], id: number, error: string) => expect.objectContaining({ id, kind, ok: false, error }) as BulkResult;

  it('renames a file keeping its type, and lets only its owner', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const id = await uploadOne(t().client, alice.token, { name: 'draft.txt', content: samples.text() });
    const renamed = await put(alice.token, id, { original_name: '  Final draft.TXT ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.file).toMatchObject({ original_name: 'Final draft.TXT', mime_type: 'text/plain' });
    const retyped = await put(alice.token, id, { original_name: 'Final draft.pdf' });
    expect(retyped.status).toBe(400);
    expect(retyped.body.error).toBe("The new name must keep the file's type (.txt)");
    expect((await put(alice.token, id, { original_name: 'Final draft' })).status).toBe(400);
    expect((await put(alice.token, id, { original_name: '   ' })).body.error).toBe('Name cannot be blank');
    const others = await put(bob.token, id, { original_name: 'mine.txt' });
    expect(others.status).toBe(404);
    expect(others.body).toMatchObject({ error: 'File not found' });
    expect((await file(alice.token, id)).original_name).toBe('Final draft.TXT');
  });

  it('keeps file names unique per folder ignoring case: a rename or move onto a taken name is a 409 and changes nothing', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const docs = await makeFolder(t(), alice.token, 'Docs');
    const notes = await uploadOne(t().client, alice.token, { name: 'Notes.txt', content: samples.text() });
    const other = await uploadOne(t().client, alice.token, { name: 'other.txt', content: samples.text() });
    const inDocs = await uploadOne(t().client, alice.token, { name: 'notes.TXT', content: samples.text() }, { folder_id: String(docs.id) });
    // Another user's file of the same name is no clash.
    await uploadOne(t().client, bob.token, { name: 'other.txt', content: samples.text() });

    const rename = await put(alice.token, other, { original_name: 'NOTES.txt' });
    expect(rename.status).toBe(409);
    expect(rename.body).toEqual({ error: 'A file named "NOTES.txt" already exists here', code: 'fileNameTaken', params: { name: 'NOTES.txt' } });
    const move = await put(alice.token, notes, { folder_id: docs.id });
    expect(move.status).toBe(409);
    expect(move.body).toMatchObject({ error: 'A file named "Notes.txt" already exists here' });
    expect(await file(alice.token, notes)).toMatchObject({ folder_id: null, original_name: 'Notes.txt' });
    expect((await file(alice.token, other)).original_name).toBe('other.txt');
    // A new case of its own name is not a clash with itself; a move with a rename that frees the name is fine.
    expect((await put(alice.token, notes, { original_name: 'NOTES.txt' })).status).toBe(200);
    expect((await put(alice.token, notes, { folder_id: docs.id, original_name: 'notes (old).txt' })).body.file).toMatchObject({ folder_id: docs.id, original_name: 'notes (old).txt' });

    const bulkMove = await bulk(alice.token, { action: 'move', file_ids: [inDocs, other], folder_id: null });
    expect(bulkMove.body.results).toEqual([ok('file', inDocs), ok('file', other)]);
    const clash = await uploadOne(t().client, alice.token, { name: 'OTHER.txt', content: samples.text() }, { folder_id: String(docs.id) });
    const bulkClash = await bulk(alice.token, { action: 'move', file_ids: [clash], folder_id: null });
    expect(bulkClash.body.results).toEqual([failed('file', clash, 'A file named "OTHER.txt" already exists here')]);
    expect((await file(alice.token, clash)).folder_id).toBe(docs.id);
  });

  it('renames and moves folders, refusing cycles, clashes and other users\' folders', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const a = await makeFolder(t(), alice.token, 'A');
    const b = await makeFolder(t(), alice.token, 'B', { parent_id: a.id });
    const c = await makeFolder(t(), alice.token, 'C', { parent_id: b.id });
    const d = await makeFolder(t(), alice.token, 'D');
    const bobs = await makeFolder(t(), bob.token, 'Bobs');
    const putFolder = (token: string, id: number, json: Record<string, unknown>) => t().client.put(`/api/folders/${id}`, { token, json });

    expect((await putFolder(alice.token, b.id, { name: 'Bee' })).body.folder).toMatchObject({ name: 'Bee', parent_id: a.id });
    for (const parent of [a.id, b.id, c.id]) {
      const res = await putFolder(alice.token, a.id, { parent_id: parent });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: CYCLE });
    }
    const moved = await putFolder(alice.token, b.id, { parent_id: d.id });
    expect(moved.body.folder.path).toEqual([
      { id: d.id, name: 'D' },
      { id: b.id, name: 'Bee' },
    ]);
    expect((await folder(alice.token, c.id)).path.map((p: { name: string }) => p.name)).toEqual(['D', 'Bee', 'C']);
    await makeFolder(t(), alice.token, 'c', { parent_id: d.id });
    const clash = await putFolder(alice.token, c.id, { parent_id: d.id });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error: 'A folder named "C" already exists here' });
    expect((await putFolder(alice.token, c.id, { parent_id: bobs.id })).body).toMatchObject({ error: 'Parent folder not found' });
    expect((await putFolder(bob.token, c.id, { name: 'mine' })).status).toBe(404);
    expect(await folder(alice.token, c.id)).toMatchObject({ name: 'C', parent_id: b.id });
  });

  it('edits tags by the tag rules', async () => {
    const { token } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 't.txt', content: samples.text() });
    expect((await put(token, id, { tags: [' Work ', 'work', 'Q3'] })).body.file.tags).toEqual(['Q3', 'Work']);
    expect((await put(token, id, { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).body.error).toBe('Maximum 10 tags allowed');
    expect((await put(token, id, { tags: ['x'.repeat(51)] })).body.error).toBe('Tags must be at most 50 characters');
    expect((await put(token, id, { tags: ['  '] })).body.error).toBe('Tags cannot be blank');
    expect((await file(token, id)).tags).toEqual(['Q3', 'Work']);
    expect((await put(token, id, { tags: [] })).body.file.tags).toEqual([]);
  });

  it('moves files and folders in bulk with one exact result per item, leaking nothing of other users\' items', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const target = await makeFolder(t(), alice.token, 'Target');
    const below = await makeFolder(t(), alice.token, 'Below', { parent_id: target.id });
    const loose = await makeFolder(t(), alice.token, 'Loose');
    const twin = await makeFolder(t(), alice.token, 'Twin');
    await makeFolder(t(), alice.token, 'TWIN', { parent_id: target.id });
    const later = await makeFolder(t(), alice.token, 'Later');
    const bobsFolder = await makeFolder(t(), bob.token, 'Bob private');
    const mine = await uploadOne(t().client, alice.token, { name: 'mine.txt', content: samples.text() });
    const there = await uploadOne(t().client, alice.token, { name: 'there.txt', content: samples.text() }, { folder_id: String(target.id) });
    const bobsFile = await uploadOne(t().client, bob.token, { name: 'bob-secret.txt', content: samples.text() });

    const res = await bulk(alice.token, {
      action: 'move',
      folder_id: target.id,
      file_ids: [mine, bobsFile, MISSING, there, mine],
      folder_ids: [loose.id, target.id, twin.id, bobsFolder.id, later.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      ok('file', mine),
      failed('file', bobsFile, 'File not found'),
      failed('file', MISSING, 'File not found'),
      ok('file', there),
      ok('folder', loose.id),
      failed('folder', target.id, CYCLE),
      failed('folder', twin.id, 'A folder named "Twin" already exists here'),
      failed('folder', bobsFolder.id, 'Folder not found'),
      // After a failed statement the transaction goes on (a savepoint per item on PostgreSQL).
      ok('folder', later.id),
    ]);
    expect(res.text).not.toContain('bob-secret');
    expect(res.text).not.toContain('Bob private');
    expect((await file(alice.token, mine)).folder_id).toBe(target.id);
    expect((await folder(alice.token, loose.id)).parent_id).toBe(target.id);
    expect((await folder(alice.token, later.id)).parent_id).toBe(target.id);
    expect((await folder(alice.token, twin.id)).parent_id).toBeNull();
    expect((await folder(alice.token, target.id)).parent_id).toBeNull();
    expect((await file(bob.token, bobsFile)).folder_id).toBeNull();
    expect((await folder(bob.token, bobsFolder.id)).parent_id).toBeNull();

    // Into a folder below one of them: refused for that folder only. Back to the top level: null.
    const cycle = await bulk(alice.token, { action: 'move', folder_id: below.id, folder_ids: [target.id, loose.id] });
    expect(cycle.body.results).toEqual([failed('folder', target.id, CYCLE), ok('folder', loose.id)]);
    const toRoot = await bulk(alice.token, { action: 'move', folder_id: null, file_ids: [mine], folder_ids: [loose.id] });
    expect(toRoot.body.results).toEqual([ok('file', mine), ok('folder', loose.id)]);
    expect((await file(alice.token, mine)).folder_id).toBeNull();
    expect((await folder(alice.token, loose.id)).parent_id).toBeNull();

    // A target that is not the caller's fails the whole request, like a missing one.
    for (const folderId of [bobsFolder.id, MISSING]) {
      const refused = await bulk(alice.token, { action: 'move', folder_id: folderId, file_ids: [mine] });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ error: 'Folder not found' });
    }
    expect((await file(alice.token, mine)).folder_id).toBeNull();
  });

  it('tags in bulk, each file whole or not at all', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const a = await uploadOne(t().client, alice.token, { name: 'a.txt', content: samples.text() }, { tags: ['Old', 'keep'] });
    const b = await uploadOne(t().client, alice.token, { name: 'b.txt', content: samples.text() });
    const nine = Array.from({ length: 9 }, (_, i) => `n${i}`);
    const full = await uploadOne(t().client, alice.token, { name: 'full.txt', content: samples.text() }, { tags: nine });
    const bobs = await uploadOne(t().client, bob.token, { name: 'b.txt', content: samples.text() }, { tags: ['bob'] });

    const res = await bulk(alice.token, { action: 'tag', file_ids: [a, b, full, bobs], tags: { add: ['New', ' urgent ', 'KEEP'], remove: ['old', 'BOB'] } });
    expect(res.body.results).toEqual([ok('file', a), ok('file', b), failed('file', full, 'Maximum 10 tags allowed'), failed('file', bobs, 'File not found')]);
    // The order of tags that differ in case depends on the database's collation.
    const tagsOf = async (id: number) => ((await file(alice.token, id)).tags as string[]).sort();
    expect(await tagsOf(a)).toEqual(['New', 'keep', 'urgent']);
    expect(await tagsOf(b)).toEqual(['KEEP', 'New', 'urgent']);
    expect((await file(alice.token, full)).tags).toEqual(nine);
    expect((await file(bob.token, bobs)).tags).toEqual(['bob']);

    const removeOnly = await bulk(alice.token, { action: 'tag', file_ids: [a, full], tags: { remove: ['URGENT', 'n0'] } });
    expect(removeOnly.body.results).toEqual([ok('file', a), ok('file', full)]);
    expect(await tagsOf(a)).toEqual(['New', 'keep']);
    expect((await file(alice.token, full)).tags).toEqual(nine.slice(1));
  });

  it('deletes in bulk exactly as single deletes do: rows, ref counts, used bytes, events', async () => {
    const bob = await t().client.register();
    const shared = samples.pdf();
    const twice = samples.png();
    const nested = samples.text();
    /** The same tree for each user; bob holds `shared` too. */
    async function tree() {
      const user = await t().client.register();
      const top = await makeFolder(t(), user.token, 'Top');
      const sub = await makeFolder(t(), user.token, 'Sub', { parent_id: top.id });
      const files = {
        loose: await uploadOne(t().client, user.token, { name: 'loose.pdf', content: shared }),
        twinA: await uploadOne(t().client, user.token, { name: 'a.png', content: twice }),
        twinB: await uploadOne(t().client, user.token, { name: 'b.png', content: twice }),
        inSub: await uploadOne(t().client, user.token, { name: 'n.txt', content: nested }, { folder_id: String(sub.id) }),
        kept: await uploadOne(t().client, user.token, { name: 'kept.txt', content: samples.text() }),
      };
      return { user, top, sub, files };
    }
    await uploadOne(t().client, bob.token, { name: 'bobs.pdf', content: shared });
    const single = await tree();
    const many = await tree();
    await t().client.put(`/api/files/${many.files.loose}/share`, { token: many.user.token, json: { is_public: false, shared_users: [bob.user.username] } });
    expect((await blobOf(t(), shared))?.ref_count).toBe(3);

    for (const id of [single.files.loose, single.files.twinA]) expect((await t().client.delete(`/api/files/${id}`, { token: single.user.token })).status).toBe(204);
    expect((await t().client.delete(`/api/folders/${single.top.id}`, { token: single.user.token })).status).toBe(204);

    const { messages, stop } = recordEvents(t());
    const res = await bulk(many.user.token, {
      action: 'delete',
      file_ids: [many.files.loose, many.files.twinA, MISSING],
      // Sub first and Top after, and Top with Sub again: each is reported deleted, once.
      folder_ids: [many.sub.id, many.top.id],
    });
    expect(res.body.results).toEqual([ok('file', many.files.loose), ok('file', many.files.twinA), failed('file', MISSING, 'File not found'), ok('folder', many.sub.id), ok('folder', many.top.id)]);
    const again = await bulk(many.user.token, { action: 'delete', file_ids: [many.files.twinA], folder_ids: [many.top.id] });
    expect(again.body.results).toEqual([failed('file', many.files.twinA, 'File not found'), failed('folder', many.top.id, 'Folder not found')]);
    await settled(t());

    // Both users are left with the same: the second twin and the kept file, charged alike.
    for (const { user, files } of [single, many]) {
      const left = (await t().client.get('/api/files', { token: user.token })).body.files.map((f: { original_name: string }) => f.original_name).sort();
      expect(left).toEqual(['b.png', 'kept.txt']);
      expect((await t().client.get('/api/folders', { token: user.token })).body.total).toBe(0);
      expect((await t().client.get(`/api/files/${files.inSub}`, { token: user.token })).status).toBe(404);
    }
    expect(await usedBytes(many.user.token)).toBe(await usedBytes(single.user.token));
    expect(await usedBytes(many.user.token)).toBe(twice.length + (await file(many.user.token, many.files.kept)).file_size);
    expect((await blobOf(t(), shared))?.ref_count).toBe(1);
    expect((await blobOf(t(), twice))?.ref_count).toBe(2);
    expect(await blobOf(t(), nested)).toBeUndefined();
    await assertStorageConsistent(t());
    const deletes = await t().server.ctx.db.selectFrom('activity').select(['file_id', 'detail']).where('type', '=', 'delete').where('user_id', '=', many.user.user.id).orderBy('id').execute();
    expect(deletes).toEqual([
      { file_id: many.files.loose, detail: null },
      { file_id: many.files.twinA, detail: null },
      { file_id: many.files.inSub, detail: 'with folder "Sub"' },
    ]);

    // Deletions only: on PostgreSQL the setup's own events (the share above) may still be arriving.
    const mine = (m: BusMessage) =>
      (m.event.type === 'file_deleted' && [many.files.loose, many.files.twinA, many.files.inSub].includes(m.event.file_id as number)) ||
      (m.event.type === 'folder_deleted' && [many.top.id, many.sub.id].includes(m.event.folder_id as number));
    await vi.waitFor(() => expect(messages.filter(mine)).toHaveLength(5));
    stop();
    const loose = messages.find((m) => mine(m) && m.event.file_id === many.files.loose)!;
    expect(loose.event.type).toBe('file_deleted');
    expect(loose.audience.userIds.sort()).toEqual([bob.user.id, many.user.user.id].sort());
    expect(messages.filter((m) => m.event.type === 'folder_deleted' && mine(m)).map((m) => m.event.folder_id).sort()).toEqual([many.top.id, many.sub.id].sort());
  });

  it('tells those who could see a moved or retagged item, after the commit', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const sharedFolder = await makeFolder(t(), alice.token, 'For Bob');
    await t().client.put(`/api/folders/${sharedFolder.id}`, { token: alice.token, json: { shared_users: [bob.user.username] } });
    const privateFolder = await makeFolder(t(), alice.token, 'Private');
    const id = await uploadOne(t().client, alice.token, { name: 'm.txt', content: samples.text() }, { folder_id: String(sharedFolder.id) });
    const sub = await makeFolder(t(), alice.token, 'Sub');
    const { messages, stop } = recordEvents(t());
    await bulk(alice.token, { action: 'move', folder_id: privateFolder.id, file_ids: [id], folder_ids: [sub.id] });
    await bulk(alice.token, { action: 'tag', file_ids: [id], tags: { add: ['x'] } });
    // Updates only: on PostgreSQL the setup's own events (the upload, the folder's creation) may still be arriving.
    const mine = () => messages.filter((m) => (m.event.type === 'file_updated' && m.event.file_id === id) || (m.event.type === 'folder_updated' && m.event.folder_id === sub.id));
    await vi.waitFor(() => expect(mine()).toHaveLength(3));
    stop();
    const [moved, folderMoved, tagged] = mine();
    // bob saw the file before it left his shared folder: he hears it went.
    expect(moved).toMatchObject({ event: { type: 'file_updated', file_id: id } });
    expect(moved!.audience.userIds.sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(folderMoved).toMatchObject({ event: { type: 'folder_updated', folder_id: sub.id }, audience: { userIds: [alice.user.id] } });
    expect(tagged).toMatchObject({ event: { type: 'file_updated', file_id: id }, audience: { userIds: [alice.user.id] } });
  });

  it('copies files into a folder: new files of the same content, free of quota, private, keeping name and tags', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const docs = await makeFolder(t(), alice.token, 'Docs');
    const bobs = await makeFolder(t(), bob.token, 'Bobs');
    const content = samples.pdf();
    const report = await uploadOne(t().client, alice.token, { name: 'Report.pdf', content }, { is_public: 'true', tags: ['q3', 'final'] });
    const note = await uploadOne(t().client, alice.token, { name: 'note.txt', content: samples.text() }, { folder_id: String(docs.id) });
    const bobsFile = await uploadOne(t().client, bob.token, { name: 'b.txt', content: samples.text() });
    await t().client.put(`/api/files/${report}/share`, { token: alice.token, json: { is_public: true, shared_users: [bob.user.username] } });
    const used = await usedBytes(alice.token);
    const { messages, stop } = recordEvents(t());

    const res = await bulk(alice.token, { action: 'copy', file_ids: [report, note, bobsFile, MISSING], folder_id: docs.id });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([ok('file', report), ok('file', note), failed('file', bobsFile, 'File not found'), failed('file', MISSING, 'File not found')]);
    const inDocs = (await t().client.get(`/api/files?folder_id=${docs.id}&sort_by=original_name&sort_order=asc`, { token: alice.token })).body.files;
    // The note was copied beside itself: the copy takes the first free name.
    expect(inDocs.map((f: { original_name: string }) => f.original_name)).toEqual(['note (2).txt', 'note.txt', 'Report.pdf']);
    const copy = inDocs.find((f: { original_name: string }) => f.original_name === 'Report.pdf');
    expect(copy.id).not.toBe(report);
    expect(copy).toMatchObject({ file_size: content.length, mime_type: 'application/pdf', is_public: false, download_count: 0, visibility: { kind: 'private' } });
    expect([...copy.tags].sort()).toEqual(['final', 'q3']);
    // Shares stay with the original; the copy is alice's alone.
    expect((await t().client.get(`/api/files/${copy.id}`, { token: bob.token })).status).toBe(404);
    expect(await bytesOf(alice.token, copy.id)).toEqual(content);
    expect(await usedBytes(alice.token)).toBe(used);
    expect((await blobOf(t(), content))?.ref_count).toBe(2);

    // The original goes; the copy keeps the content.
    expect((await t().client.delete(`/api/files/${report}`, { token: alice.token })).status).toBe(204);
    await settled(t());
    expect(await bytesOf(alice.token, copy.id)).toEqual(content);
    expect(await usedBytes(alice.token)).toBe(used);
    await assertStorageConsistent(t());

    const uploads = await t().server.ctx.db.selectFrom('activity').select(['file_id', 'detail']).where('type', '=', 'upload').where('file_id', '=', copy.id).execute();
    expect(uploads).toEqual([{ file_id: copy.id, detail: 'a copy of "Report.pdf"' }]);
    await vi.waitFor(() => expect(messages.filter((m) => m.event.type === 'file_uploaded' && m.event.file_id === copy.id)).toHaveLength(1));
    stop();
    expect(messages.find((m) => m.event.type === 'file_uploaded' && m.event.file_id === copy.id)!.audience.userIds).toEqual([alice.user.id]);

    // The whole request fails on a target folder that is not the caller's; nothing is copied.
    const elsewhere = await bulk(alice.token, { action: 'copy', file_ids: [note], folder_id: bobs.id });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ error: 'Folder not found' });
    const top = await bulk(alice.token, { action: 'copy', file_ids: [note], folder_id: null });
    expect(top.body.results).toEqual([ok('file', note)]);
    expect((await t().client.get('/api/files?folder_id=' + docs.id, { token: alice.token })).body.total).toBe(3);
  });

  it('copies at a full quota, since a copy stores nothing', async () => {
    const alice = await t().client.register();
    const id = await uploadOne(t().client, alice.token, { name: 'big.png', content: samples.png() });
    const used = await usedBytes(alice.token);
    await t().server.ctx.db.updateTable('users').set({ storage_quota_bytes: used }).where('id', '=', alice.user.id).execute();
    const res = await bulk(alice.token, { action: 'copy', file_ids: [id, id], folder_id: null });
    expect(res.body.results).toEqual([ok('file', id)]);
    expect((await t().client.get('/api/files', { token: alice.token })).body.files.map((f: { original_name: string }) => f.original_name).sort()).toEqual(['big (2).png', 'big.png']);
    expect(await usedBytes(alice.token)).toBe(used);
  });

  it('copies folders with their subfolders and files, beside themselves under the next free name, never into themselves', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const projects = await makeFolder(t(), alice.token, 'Projects');
    const sub = await makeFolder(t(), alice.token, 'Sub', { parent_id: projects.id });
    const deeper = await makeFolder(t(), alice.token, 'Deeper', { parent_id: sub.id });
    const release = await makeFolder(t(), alice.token, 'Release 1.2');
    const archive = await makeFolder(t(), alice.token, 'Archive');
    const bobs = await makeFolder(t(), bob.token, 'Bobs');
    const png = samples.png();
    await uploadOne(t().client, alice.token, { name: 'plan.txt', content: samples.text() }, { folder_id: String(projects.id), tags: ['plan'] });
    await uploadOne(t().client, alice.token, { name: 'photo.png', content: png }, { folder_id: String(deeper.id) });
    await t().client.put(`/api/folders/${projects.id}`, { token: alice.token, json: { is_public: true } });
    const used = await usedBytes(alice.token);
    const tree = async (token: string, parentId: number | null): Promise<unknown[]> => {
      const folders = (await t().client.get(`/api/folders?parent_id=${parentId ?? ''}&limit=100`, { token })).body.folders.filter((f: { parent_id: number | null }) => f.parent_id === parentId);
      const files = parentId === null ? [] : (await t().client.get(`/api/files?folder_id=${parentId}&sort_by=original_name&sort_order=asc`, { token })).body.files;
      return [
        ...files.map((f: { original_name: string; tags: string[]; visibility: { kind: string } }) => `${f.original_name} [${f.tags.join(',')}] ${f.visibility.kind}`),
        ...(await Promise.all(folders.sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)).map(async (f: { id: number; name: string }) => ({ [f.name]: await tree(token, f.id) })))),
      ];
    };

    const res = await bulk(alice.token, { action: 'copy', folder_ids: [projects.id, bobs.id, MISSING], folder_id: archive.id });
    expect(res.body.results).toEqual([ok('folder', projects.id), failed('folder', bobs.id, 'Folder not found'), failed('folder', MISSING, 'Folder not found')]);
    expect(await tree(alice.token, archive.id)).toEqual([{ Projects: ['plan.txt [plan] private', { Sub: [{ Deeper: ['photo.png [] private'] }] }] }]);
    expect(await usedBytes(alice.token)).toBe(used);
    expect((await blobOf(t(), png))?.ref_count).toBe(2);

    // Beside itself, and a folder whose name has a dot: numbered as folders are, not as files.
    const beside = await bulk(alice.token, { action: 'copy', folder_ids: [projects.id, release.id], folder_id: null });
    expect(beside.body.results).toEqual([ok('folder', projects.id), ok('folder', release.id)]);
    const top = (await t().client.get('/api/folders?limit=100', { token: alice.token })).body.folders.filter((f: { parent_id: number | null }) => f.parent_id === null);
    expect(top.map((f: { name: string }) => f.name).sort()).toEqual(['Archive', 'Projects', 'Projects (2)', 'Release 1.2', 'Release 1.2 (2)']);

    const into = await bulk(alice.token, { action: 'copy', folder_ids: [projects.id, archive.id], folder_id: sub.id });
    expect(into.body.results).toEqual([failed('folder', projects.id, 'A folder cannot be copied into itself or one of its subfolders'), ok('folder', archive.id)]);
    await settled(t());
    await assertStorageConsistent(t());
  });

  it('refuses, whole, a copy that would make more files and folders than a copy may', async () => {
    const alice = await t().client.register();
    const big = await makeFolder(t(), alice.token, 'Big');
    await addFiles(t(), alice.user.id, MANAGE_LIMITS.copyMax, 'filler');
    await t().server.ctx.db.updateTable('files').set({ folder_id: big.id }).where('user_id', '=', alice.user.id).execute();
    const res = await bulk(alice.token, { action: 'copy', folder_ids: [big.id], folder_id: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `A copy makes at most ${MANAGE_LIMITS.copyMax} files and folders at once: copy fewer, or a folder's parts one by one`, code: 'copyTooMany', params: { max: MANAGE_LIMITS.copyMax } });
    expect((await t().client.get('/api/folders', { token: alice.token })).body.total).toBe(1);
  });

  it("counts nothing of someone else's folder toward that limit, so a refusal tells nothing of its size", async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const big = await makeFolder(t(), bob.token, 'Big');
    await addFiles(t(), bob.user.id, MANAGE_LIMITS.copyMax, 'filler');
    await t().server.ctx.db.updateTable('files').set({ folder_id: big.id }).where('user_id', '=', bob.user.id).execute();
    const mine = await makeFolder(t(), alice.token, 'Mine');
    const res = await bulk(alice.token, { action: 'copy', folder_ids: [big.id, mine.id], folder_id: null });
    expect(res.body.results).toEqual([failed('folder', big.id, 'Folder not found'), ok('folder', mine.id)]);
  });

  it('validates bulk requests', async () => {
    const { token } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 'v.txt', content: samples.text() });
    const refusals: [Record<string, unknown>, string][] = [
      [{ action: 'delete' }, 'Select at least one file or folder'],
      [{ action: 'delete', file_ids: Array.from({ length: MANAGE_LIMITS.bulkMax + 1 }, (_, i) => i + 1) }, 'Select at most 500 items'],
      [{ action: 'delete', file_ids: Array.from({ length: 300 }, (_, i) => i + 1), folder_ids: Array.from({ length: 201 }, (_, i) => i + 1) }, 'Select at most 500 items'],
      [{ action: 'move', file_ids: [id] }, 'Choose where to move the items (folder_id, null for the top level)'],
      [{ action: 'delete', file_ids: [id], folder_id: null }, 'folder_id is only for moves and copies'],
      [{ action: 'copy', file_ids: [id] }, 'Choose where to copy the items (folder_id, null for the top level)'],
      [{ action: 'tag', file_ids: [id] }, 'Name tags to add or remove'],
      [{ action: 'tag', file_ids: [id], tags: { add: [], remove: [] } }, 'Name tags to add or remove'],
      [{ action: 'tag', folder_ids: [id], tags: { add: ['a'] } }, 'Only files have tags'],
      [{ action: 'tag', file_ids: [id], tags: { add: ['x'.repeat(51)] } }, 'Tags must be at most 50 characters'],
      [{ action: 'delete', file_ids: [id], tags: { add: ['a'] } }, 'tags are only for the tag action'],
    ];
    for (const [json, error] of refusals) {
      const res = await t().client.post('/api/files/bulk', { token, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(res.body.error).toContain(error);
    }
    expect((await t().client.post('/api/files/bulk', { token, json: { action: 'archive', file_ids: [id] } })).status).toBe(400);
    expect((await t().client.post('/api/files/bulk', { json: { action: 'delete', file_ids: [id] } })).status).toBe(401);
    expect((await file(token, id)).original_name).toBe('v.txt');
  });
}, { TRASH_DAYS: '0' });
