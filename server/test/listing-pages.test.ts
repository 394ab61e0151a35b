import { expect, it } from 'vitest';
import type { FileItem } from '@vault/contract';
import { addFiles, settled, uploadOne } from './helpers/files.js';
import { describeEachDb } from './helpers/server.js';

type Sort = { sort_by: 'created_at' | 'original_name' | 'file_size' | 'download_count'; sort_order: 'asc' | 'desc' };

/** The order a sort means, ties by id in the same direction, over the files as the full listing shows them. */
function sorted(files: FileItem[], { sort_by, sort_order }: Sort): number[] {
  const key = (f: FileItem) => (sort_by === 'original_name' ? f.original_name.toLowerCase() : sort_by === 'created_at' ? Date.parse(f.created_at) : f[sort_by]);
  const sign = sort_order === 'asc' ? 1 : -1;
  return [...files].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id)).map((f) => f.id);
}

describeEachDb('the list of a user with files shared with them', (t) => {
  it('pages through their own and the shared files in the order of each sort, with the total on every page', async () => {
    const [alice, bob, carol] = [await t().client.register(), await t().client.register(), await t().client.register()];
    const share = (token: string, id: number) => t().client.put(`/api/files/${id}/share`, { token, json: { is_public: false, shared_users: [alice.user.username] } });
    // Names differing in their first letter, so that every collation orders them alike.
    const own = ['apple', 'cherry', 'elder', 'grape', 'kiwi', 'lemon', 'mango'];
    for (const [i, name] of own.entries()) await uploadOne(t().client, alice.token, { name: `${name}.txt`, content: Buffer.from(`alice ${name} `.repeat(i * 7 + 1)) });
    const given = [];
    for (const [i, name] of ['banana', 'date', 'fig'].entries()) given.push(await uploadOne(t().client, bob.token, { name: `${name}.txt`, content: Buffer.from(`bob ${name} `.repeat(i * 11 + 2)) }));
    await uploadOne(t().client, bob.token, { name: 'hidden.txt', content: Buffer.from('not shared') });
    given.push(await uploadOne(t().client, carol.token, { name: 'nectarine.txt', content: Buffer.from('carol nectarine '.repeat(5)) }));
    for (const id of given.slice(0, 3)) expect((await share(bob.token, id)).status).toBe(200);
    expect((await share(carol.token, given[3]!)).status).toBe(200);
    // Two equal sizes among the parts: the tie is ordered by id across them.
    const twin = await uploadOne(t().client, carol.token, { name: 'olive.txt', content: Buffer.from('alice apple ') });
    expect((await share(carol.token, twin)).status).toBe(200);

    const all = await t().client.get('/api/files?limit=100', { token: alice.token });
    expect(all.status).toBe(200);
    const files = all.body.files as FileItem[];
    expect(files.map((f) => f.original_name.replace('.txt', '')).sort()).toEqual([...own, 'banana', 'date', 'fig', 'nectarine', 'olive'].sort());

    const sorts: Sort[] = [
      { sort_by: 'created_at', sort_order: 'desc' },
      { sort_by: 'created_at', sort_order: 'asc' },
      { sort_by: 'original_name', sort_order: 'asc' },
      { sort_by: 'original_name', sort_order: 'desc' },
      { sort_by: 'file_size', sort_order: 'desc' },
      { sort_by: 'file_size', sort_order: 'asc' },
      // Every count 0: the order is the ids', across the parts.
      { sort_by: 'download_count', sort_order: 'desc' },
    ];
    for (const sort of sorts) {
      const seen: number[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await t().client.get(`/api/files?sort_by=${sort.sort_by}&sort_order=${sort.sort_order}&limit=3&page=${page}`, { token: alice.token });
        expect(res.status).toBe(200);
        expect(res.body.total, `${sort.sort_by} ${sort.sort_order} page ${page}`).toBe(12);
        seen.push(...(res.body.files as FileItem[]).map((f) => f.id));
      }
      expect(seen, `${sort.sort_by} ${sort.sort_order}`).toEqual(sorted(files, sort));
    }

    const mine = await t().client.get('/api/files?scope=own&sort_by=original_name&sort_order=asc&limit=4&page=2', { token: alice.token });
    expect(mine.body.total).toBe(7);
    expect(mine.body.files.map((f: FileItem) => f.original_name)).toEqual(['kiwi.txt', 'lemon.txt', 'mango.txt']);
    const theirs = await t().client.get('/api/files?scope=shared&sort_by=original_name&sort_order=desc', { token: alice.token });
    expect(theirs.body.total).toBe(5);
    expect(theirs.body.files.map((f: FileItem) => f.original_name)).toEqual(['olive.txt', 'nectarine.txt', 'fig.txt', 'date.txt', 'banana.txt']);
  });

  it('pages through the searches and filters of a large scope across their own and the shared files', async () => {
    const [dana, emil] = [await t().client.register(), await t().client.register()];
    // Over a thousand files: the count and the page each have their own statements.
    await addFiles(t(), dana.user.id, 1200, 'filler');
    const upload = async (token: string, name: string, content: string, tags: string[] = []) =>
      uploadOne(t().client, token, { name, content: Buffer.from(content) }, tags.length ? { tags } : {});
    for (const [i, name] of ['walrus report', 'notes on walruses', 'plain'].entries()) await upload(dana.token, `${name}.txt`, `dana ${i} about the sea`, ['blue']);
    await upload(dana.token, 'ice.txt', 'a walrus on the ice');
    const given = [
      await upload(emil.token, 'walrus photo.txt', 'emil photo', ['blue']),
      await upload(emil.token, 'beach.txt', 'a walrus on the beach'),
      await upload(emil.token, 'tagged.txt', 'emil tagged', ['blue']),
      await upload(emil.token, 'other walrus.txt', 'not shared'),
    ];
    for (const id of given.slice(0, 3)) {
      expect((await t().client.put(`/api/files/${id}/share`, { token: emil.token, json: { is_public: false, shared_users: [dana.user.username] } })).status).toBe(200);
    }
    await settled(t());

    for (const [query, names] of [
      ['search=walrus', ['walrus report.txt', 'notes on walruses.txt', 'ice.txt', 'walrus photo.txt', 'beach.txt']],
      ['tags=blue', ['walrus report.txt', 'notes on walruses.txt', 'plain.txt', 'walrus photo.txt', 'tagged.txt']],
    ] as const) {
      for (const order of ['sort_by=created_at&sort_order=desc', 'sort_by=original_name&sort_order=asc']) {
        const all = await t().client.get(`/api/files?${query}&${order}&limit=100`, { token: dana.token });
        expect(all.status).toBe(200);
        const files = all.body.files as FileItem[];
        expect(files.map((f) => f.original_name).sort(), query).toEqual([...names].sort());
        const sort = order.includes('created_at') ? ({ sort_by: 'created_at', sort_order: 'desc' } as const) : ({ sort_by: 'original_name', sort_order: 'asc' } as const);
        expect(files.map((f) => f.id), `${query} ${order}`).toEqual(sorted(files, sort));
        const seen: number[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await t().client.get(`/api/files?${query}&${order}&limit=2&page=${page}`, { token: dana.token });
          expect(res.body.total, `${query} ${order} page ${page}`).toBe(names.length);
          seen.push(...(res.body.files as FileItem[]).map((f) => f.id));
        }
        expect(seen, `${query} ${order}`).toEqual(files.map((f) => f.id));
      }
    }
  });
});
