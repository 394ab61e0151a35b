import { expect, it } from 'vitest';
import { assertStorageConsistent, countRows, samples, storedKeys, upload, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb } from './helpers/server.js';

describeEachDb('file names and versions', (t) => {
  it('refuses a second file of the same name in a folder, ignoring case, with 409 and nothing left behind', async () => {
    const { token } = await t().client.register();
    const folder = await makeFolder(t(), token, 'Docs');
    await uploadOne(t().client, token, { name: 'Notes.txt', content: samples.text() }, { folder_id: String(folder.id) });
    const keys = (await storedKeys(t())).length;

    const clash = await upload(t().client, token, [{ name: 'NOTES.TXT', content: samples.text() }], { folder_id: String(folder.id) });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error: 'A file named "NOTES.TXT" already exists here', files: [] });
    expect(clash.body.results).toEqual([{ ok: false, name: 'NOTES.TXT', error: 'A file named "NOTES.TXT" already exists here', status: 409 }]);
    // In a request of several files, only the clashing one is refused.
    const mixed = await upload(t().client, token, [{ name: 'notes.txt', content: samples.text() }, { name: 'other.txt', content: samples.text() }], { folder_id: String(folder.id) });
    expect(mixed.status).toBe(207);
    expect(mixed.body.results.map((r) => r.ok)).toEqual([false, true]);

    // Elsewhere the name is free: the root, and another user's folder.
    await uploadOne(t().client, token, { name: 'notes.txt', content: samples.text() });
    const other = await t().client.register();
    await uploadOne(t().client, other.token, { name: 'notes.txt', content: samples.text() });
    expect(await countRows(t(), 'files')).toBe(4);
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
    expect(renamed.body).toEqual({ error: 'A file named "A.txt" already exists here' });
    const moved = await t().client.put(`/api/files/${a}`, { token, json: { folder_id: folder.id } });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual({ error: 'A file named "a.txt" already exists here' });

    const recased = await t().client.put(`/api/files/${a}`, { token, json: { original_name: 'A.txt' } });
    expect(recased.status).toBe(200);
    expect(recased.body.file.original_name).toBe('A.txt');
  });
});
