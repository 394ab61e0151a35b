import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { FileItem } from '@vault/contract';
import { describeEachDb } from './helpers/server.js';
import { addFiles, samples, uploadOne } from './helpers/files.js';

/** The text of the fillers: distinct per run, and no search below finds it but 'filler'. */
const fillerText = `filler text mm${randomBytes(4).toString('hex')}`;
/** The text of the other files, which no search below finds. */
const unsearched = samples.text('nothing looked for here');

// A scope of a thousand files and more is counted arm by arm, names from
// their trigram index on SQLite (three characters and more) and by testing each
// name otherwise; its pages test each name they walk. Every search here must
// find the same files both ways: its total is the count of its pages' files.
describeEachDb('name search in a list of a thousand files and more', (t, db) => {
  let erin = { token: '', id: 0 };

  /** Every file the search lists, all pages walked, and the total it gave. */
  async function everyPage(search: string, filters: Record<string, string> = {}): Promise<{ total: number; names: string[] }> {
    const names: string[] = [];
    let total = -1;
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ ...(search ? { search } : {}), ...filters, sort_by: 'original_name', sort_order: 'asc', limit: '100', page: String(page) });
      const res = await t().client.get(`/api/files?${query}`, { token: erin.token });
      expect(res.status, res.text).toBe(200);
      if (total >= 0) expect(res.body.total).toBe(total);
      total = res.body.total;
      const files = res.body.files as FileItem[];
      names.push(...files.map((f) => f.original_name));
      if (files.length < 100) return { total, names };
    }
  }

  beforeAll(async () => {
    const e = await t().client.register();
    const frank = await t().client.register();
    erin = { token: e.token, id: e.user.id };
    await addFiles(t(), erin.id, 1000, fillerText);
    const own = ['Budget 100%.txt', 'under_score.txt', 'ÉCOLE été.txt', 'percent%%.txt', 'UPPER case.txt', 'ab.txt'];
    for (const name of own) await uploadOne(t().client, erin.token, { name, content: unsearched });
    // Names no upload gives (a path's separator, a quote), which older versions or other writers may have stored.
    const { db } = t().server.ctx;
    const stored: [string, string][] = [['filler 1.txt', 'back\\slash.txt'], ['filler 2.txt', 'quote "q" x.txt'], ['filler 5.txt', 'kiwi early.txt']];
    for (const [from, to] of stored) {
      await db.updateTable('files').set({ original_name: to }).where('user_id', '=', erin.id).where('original_name', '=', from).execute();
    }
    await uploadOne(t().client, erin.token, { name: 'kiwi late.txt', content: unsearched });
    await uploadOne(t().client, erin.token, { name: 'plain.txt', content: unsearched }, { tags: ['Zebra crossing'] });
    const renamed = await uploadOne(t().client, erin.token, { name: 'old name.txt', content: unsearched });
    expect((await t().client.put(`/api/files/${renamed}`, { token: erin.token, json: { original_name: 'renamed zebra.txt' } })).status).toBe(200);
    const trashed = await uploadOne(t().client, erin.token, { name: 'trashed zebra.txt', content: unsearched });
    expect((await t().client.delete(`/api/files/${trashed}`, { token: erin.token })).status).toBe(204);
    const gone = await uploadOne(t().client, erin.token, { name: 'gone zebra.txt', content: unsearched });
    expect((await t().client.delete(`/api/files/${gone}`, { token: erin.token })).status).toBe(204);
    expect((await t().client.post('/api/trash/delete', { token: erin.token, json: { file_ids: [gone] } })).status).toBe(200);
    const shared = await uploadOne(t().client, frank.token, { name: 'shared zebra.txt', content: unsearched });
    await uploadOne(t().client, frank.token, { name: 'his zebra.txt', content: unsearched }, { tags: ['Zebra crossing'] });
    expect((await t().client.put(`/api/files/${shared}/share`, { token: frank.token, json: { is_public: false, shared_users: [e.user.username] } })).status).toBe(200);
  });

  it.each([
    ['zebra', ['plain.txt', 'renamed zebra.txt', 'shared zebra.txt']],
    ['old name', []],
    ['ZEBRA', ['plain.txt', 'renamed zebra.txt', 'shared zebra.txt']],
    ['100%', ['Budget 100%.txt']],
    ['%', ['Budget 100%.txt', 'percent%%.txt']],
    ['nt%%', ['percent%%.txt']],
    ['_sc', ['under_score.txt']],
    ['_', ['under_score.txt']],
    ['k\\s', ['back\\slash.txt']],
    ['"q"', ['quote "q" x.txt']],
    ['été', ['ÉCOLE été.txt']],
    ['upper CASE', ['UPPER case.txt']],
    ['ab', ['ab.txt']],
    ['filler 99', Array.from({ length: 11 }, (_, i) => `filler ${i === 0 ? 99 : 989 + i}.txt`)],
  ])('counts %j as its pages list it: own, shared and tagged files, none in Trash or renamed away', async (search, expected) => {
    const { total, names } = await everyPage(search);
    expect(names).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  /** Erin's fillers, all of which a search for 'filler' finds (by name or by text), oldest first. */
  async function fillersOldestFirst(): Promise<string[]> {
    const rows = await t()
      .server.ctx.db.selectFrom('files')
      .select('original_name')
      .where('user_id', '=', erin.id)
      .where('file_size', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.original_name);
  }

  /** The names a search lists page by page, at `limit` files a page, sorted by upload time. */
  async function pagesOf(search: string, limit: number, order: 'asc' | 'desc'): Promise<{ totals: number[]; names: string[] }> {
    const totals: number[] = [];
    const names: string[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ search, sort_by: 'created_at', sort_order: order, limit: String(limit), page: String(page) });
      const res = await t().client.get(`/api/files?${query}`, { token: erin.token });
      expect(res.status, res.text).toBe(200);
      totals.push(res.body.total);
      const files = res.body.files as FileItem[];
      names.push(...files.map((f) => f.original_name));
      if (files.length < limit) return { totals, names };
    }
  }

  // The first pages of a text search over a large scope are found among the first files of the
  // sort while the search is counted; deeper pages, from the counted matches. Both must agree.
  it.each([
    [25, 'asc'],
    [25, 'desc'],
    [1000, 'asc'],
  ] as const)('lists every match once and in order, %i a page, %s, the first pages walked while counting', async (limit, order) => {
    const oldestFirst = await fillersOldestFirst();
    const { totals, names } = await pagesOf('filler', limit, order);
    expect(names).toEqual(order === 'asc' ? oldestFirst : [...oldestFirst].reverse());
    expect(new Set(totals)).toEqual(new Set([1000]));
  });

  it('reads the page from the matches when the first files walked match too few to fill it', async () => {
    // 'kiwi early' is among the first files of the sort, 'kiwi late' the last: a page of two
    // needs both, though only one is among the files walked for it.
    const { totals, names } = await pagesOf('kiwi', 2, 'asc');
    expect(names).toEqual(['kiwi early.txt', 'kiwi late.txt']);
    expect(totals).toEqual([2, 2]);
  });

  it('folds only what lower() folds, the same in the count and the pages', async () => {
    const { total, names } = await everyPage('ÉCOLE');
    // SQLite's lower() folds ASCII letters only; PostgreSQL's folds É as well.
    expect(names).toEqual(db === 'sqlite' ? [] : ['ÉCOLE été.txt']);
    expect(total).toBe(names.length);
  });

  it('counts every filler by name or text, the same as its pages', async () => {
    const { total, names } = await everyPage('filler');
    expect(total).toBe(1000);
    expect(names).toHaveLength(1000);
  });

  // A tag filter over a large scope looks the scope's files up among every file carrying the tag, anybody's.
  it.each([
    ['', ['plain.txt']],
    ['plain', ['plain.txt']],
    ['zebra', ['plain.txt']],
    ['filler', []],
  ])('counts a tag filter with the search %j as its pages list it, none of another user’s unshared files', async (search, expected) => {
    const { total, names } = await everyPage(search, { tags: 'zebra CROSSING' });
    expect(names).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('counts right with a scope size remembered from before a thousand files arrived', async () => {
    const grace = await t().client.register();
    const search = (q: string) => t().client.get(`/api/files?search=${q}&limit=100`, { token: grace.token });
    expect((await search('filler')).body.total).toBe(0);
    await addFiles(t(), grace.user.id, 1000, fillerText);
    // The scope was small a moment ago: the same search now finds all of them.
    const res = await search('filler');
    expect(res.body.total).toBe(1000);
    expect(res.body.files).toHaveLength(100);
  });
});
