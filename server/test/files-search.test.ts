import { beforeAll, expect, it } from 'vitest';
import type { FileItem } from '@vault/contract';
import { describeEachDb } from './helpers/server.js';
import { backdateFile, samples, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';

describeEachDb('listing and search', (t) => {
  let token = '';
  let otherToken = '';
  let folderId = 0;
  const day = (d: string) => Date.parse(`${d}T12:00:00Z`);

  beforeAll(async () => {
    const me = await t().client.register('searcher_' + Math.random().toString(36).slice(2, 8));
    token = me.token;
    otherToken = (await t().client.register()).token;
    folderId = (await makeFolder(t(), token, 'Reports')).id;
    const seed = [
      { name: 'Alpha report.pdf', content: samples.pdf('a'.repeat(3000)), tags: ['work', 'q1'], date: '2026-01-10', folder: true },
      { name: 'beta notes.txt', content: samples.text('b'.repeat(10)), tags: ['personal'], date: '2026-02-15', folder: false },
      { name: 'Gamma photo.png', content: samples.png(Buffer.alloc(2_000_000, 1)), tags: ['work', 'photos'], date: '2026-03-20', folder: true },
      { name: 'delta_100%.csv', content: samples.text('x,y\n'.repeat(50)), tags: [], date: '2026-04-01', folder: false },
      { name: 'epsilon.json', content: samples.text('{"k":"' + 'e'.repeat(500) + '"}'), tags: ['Work'], date: '2026-05-05', folder: false },
    ];
    for (const [i, s] of seed.entries()) {
      const id = await uploadOne(t().client, token, { name: s.name, content: s.content }, {
        tags: s.tags,
        ...(s.folder ? { folder_id: String(folderId) } : {}),
      });
      await backdateFile(t(), id, { createdAt: day(s.date), downloadCount: (i * 3) % 5 });
    }
    await uploadOne(t().client, otherToken, { name: 'Alpha intruder.txt', content: samples.text() });
  });

  const names = async (query: string) => {
    const res = await t().client.get(`/api/files?${query}`, { token });
    expect(res.status, res.text).toBe(200);
    return (res.body.files as FileItem[]).map((f) => f.original_name);
  };

  it('lists only the caller\'s files, newest first, with the total', async () => {
    const res = await t().client.get('/api/files', { token });
    expect(res.body).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(res.body.files.map((f: FileItem) => f.original_name)).toEqual([
      'epsilon.json', 'delta_100%.csv', 'Gamma photo.png', 'beta notes.txt', 'Alpha report.pdf',
    ]);
  });

  it('searches names and tags case-insensitively, with % and _ taken literally', async () => {
    expect(await names('search=ALPHA')).toEqual(['Alpha report.pdf']);
    expect(await names('search=photos')).toEqual(['Gamma photo.png']);
    expect(await names('search=100%25')).toEqual(['delta_100%.csv']);
    expect(await names('search=%25')).toEqual(['delta_100%.csv']);
    expect(await names('search=_')).toEqual(['delta_100%.csv']);
  });

  it('takes tags and searches in NFC: a combining accent finds and tags what a composed one does', async () => {
    const own = await t().client.register();
    await uploadOne(t().client, own.token, { name: 'Caf\u00e9 menu.txt', content: samples.text('menu') }, { tags: ['re\u0301sume\u0301'] });
    const list = async (query: string) => ((await t().client.get(`/api/files?${query}`, { token: own.token })).body.files as FileItem[]).map((f) => [f.original_name, f.tags]);
    expect(await list('')).toEqual([['Caf\u00e9 menu.txt', ['r\u00e9sum\u00e9']]]);
    expect(await list(`tags=${encodeURIComponent('r\u00e9sum\u00e9')}`)).toHaveLength(1);
    expect(await list(`tags=${encodeURIComponent('re\u0301sume\u0301')}`)).toHaveLength(1);
    expect(await list(`search=${encodeURIComponent('cafe\u0301')}`)).toHaveLength(1);
  });

  it('filters by type, size, dates, tags, uploader and folder', async () => {
    expect(await names('mime_type=application/pdf')).toEqual(['Alpha report.pdf']);
    expect(await names('mime_type=text/*&sort_by=original_name&sort_order=asc')).toEqual(['beta notes.txt', 'delta_100%.csv']);
    expect(await names('min_size=1048576')).toEqual(['Gamma photo.png']);
    expect(await names('min_size=0&max_size=100&sort_order=asc')).toEqual(['beta notes.txt']);
    expect(await names('start_date=2026-02-15&end_date=2026-03-20&sort_order=asc')).toEqual(['beta notes.txt', 'Gamma photo.png']);
    expect(await names('end_date=2026-01-10')).toEqual(['Alpha report.pdf']);
    expect(await names('start_date=2026-05-05T13:00:00Z')).toEqual([]);
    expect(await names('tags=work&sort_order=asc')).toEqual(['Alpha report.pdf', 'Gamma photo.png', 'epsilon.json']);
    expect(await names('tags=work&tags=q1')).toEqual(['Alpha report.pdf']);
    expect(await names('tags=work&tags=nothing')).toEqual([]);
    expect(await names(`folder_id=${folderId}&sort_order=asc`)).toEqual(['Alpha report.pdf', 'Gamma photo.png']);
    expect(await names('uploader=nobody')).toEqual([]);
    const me = (await t().client.get('/api/auth/me', { token })).body.user.username;
    expect(await names(`uploader=${me.toUpperCase()}&search=beta`)).toEqual(['beta notes.txt']);
    expect(await names('search=&mime_type=&tags=&folder_id=')).toHaveLength(5);
  });

  it('sorts by every field both ways, ties broken by id', async () => {
    expect(await names('sort_by=original_name&sort_order=asc')).toEqual([
      'Alpha report.pdf', 'beta notes.txt', 'delta_100%.csv', 'epsilon.json', 'Gamma photo.png',
    ]);
    expect((await names('sort_by=file_size&sort_order=desc'))[0]).toBe('Gamma photo.png');
    expect((await names('sort_by=file_size&sort_order=asc'))[0]).toBe('beta notes.txt');
    const byDownloads = await t().client.get('/api/files?sort_by=download_count&sort_order=desc', { token });
    const counts = byDownloads.body.files.map((f: FileItem) => f.download_count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
  });

  it('sorts by folder name both ways, files at the root first when ascending, ties broken by id', async () => {
    expect(await names('sort_by=folder_name&sort_order=asc')).toEqual([
      'beta notes.txt', 'delta_100%.csv', 'epsilon.json', 'Alpha report.pdf', 'Gamma photo.png',
    ]);
    expect(await names('sort_by=folder_name&sort_order=desc')).toEqual([
      'Gamma photo.png', 'Alpha report.pdf', 'epsilon.json', 'delta_100%.csv', 'beta notes.txt',
    ]);
  });

  it("sorts by owner, and by folder without ordering on the names of others' folders", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const reader = await t().client.register(`mmm_${suffix}`);
    const early = await t().client.register(`aaa_${suffix}`);
    const late = await t().client.register(`zzz_${suffix}`);
    const mine = await uploadOne(t().client, reader.token, { name: 'mine.txt', content: samples.text('mine') });
    const earlyFolder = await makeFolder(t(), early.token, 'Zulu hidden');
    const fromEarly = await uploadOne(t().client, early.token, { name: 'early.txt', content: samples.text('early') }, { folder_id: String(earlyFolder.id) });
    const fromLate = await uploadOne(t().client, late.token, { name: 'late.txt', content: samples.text('late') });
    for (const [owner, id] of [[early.token, fromEarly], [late.token, fromLate]] as const) {
      const shared = await t().client.put(`/api/files/${id}/share`, { token: owner, json: { is_public: false, shared_users: [`mmm_${suffix}`] } });
      expect(shared.status, shared.text).toBe(200);
    }
    const ids = async (query: string) => {
      const res = await t().client.get(`/api/files?${query}`, { token: reader.token });
      expect(res.status, res.text).toBe(200);
      return (res.body.files as FileItem[]).map((f) => f.id);
    };
    expect(await ids('sort_by=username&sort_order=asc')).toEqual([fromEarly, mine, fromLate]);
    expect(await ids('sort_by=username&sort_order=desc')).toEqual([fromLate, mine, fromEarly]);
    // The other user's folder name would put early.txt last; it sorts as if at the root, by id.
    expect(await ids('sort_by=folder_name&sort_order=asc')).toEqual([mine, fromEarly, fromLate]);
  });

  it('pages with a stable total', async () => {
    const page1 = await t().client.get('/api/files?limit=2&page=1&sort_by=original_name&sort_order=asc', { token });
    const page3 = await t().client.get('/api/files?limit=2&page=3&sort_by=original_name&sort_order=asc', { token });
    expect(page1.body).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(page1.body.files.map((f: FileItem) => f.original_name)).toEqual(['Alpha report.pdf', 'beta notes.txt']);
    expect(page3.body.files.map((f: FileItem) => f.original_name)).toEqual(['Gamma photo.png']);
    const beyond = await t().client.get('/api/files?page=99', { token });
    expect(beyond.body).toMatchObject({ files: [], total: 5 });
  });

  it('pages a search and a tag filter with a stable total, past the last match too', async () => {
    // "work" names no file: its three matches are the tags work and Work.
    for (const query of ['search=work', 'tags=work']) {
      const page1 = await t().client.get(`/api/files?${query}&limit=2&page=1&sort_by=original_name&sort_order=asc`, { token });
      const page2 = await t().client.get(`/api/files?${query}&limit=2&page=2&sort_by=original_name&sort_order=asc`, { token });
      const beyond = await t().client.get(`/api/files?${query}&limit=2&page=9`, { token });
      expect(page1.body, query).toMatchObject({ total: 3, page: 1, limit: 2 });
      expect(page1.body.files.map((f: FileItem) => f.original_name)).toEqual(['Alpha report.pdf', 'epsilon.json']);
      expect(page2.body).toMatchObject({ total: 3, page: 2 });
      expect(page2.body.files.map((f: FileItem) => f.original_name)).toEqual(['Gamma photo.png']);
      expect(beyond.body, query).toMatchObject({ files: [], total: 3 });
    }
  });

  it.each([
    ['sort_by=password_hash', 'sort_by must be one of created_at, file_size, download_count, original_name, username, folder_name'],
    ['sort_order=sideways', 'sort_order must be asc or desc'],
    ['page=0', 'page starts at 1'],
    ['page=x', 'page must be a number'],
    ['limit=5000', 'limit must be at most 1000'],
    ['min_size=-1', 'Sizes cannot be negative'],
    ['start_date=yesterday', 'Dates must be YYYY-MM-DD or ISO-8601'],
    ['end_date=0', 'Dates must be YYYY-MM-DD or ISO-8601'],
    ['start_date=2023-02-29', 'Dates must be YYYY-MM-DD or ISO-8601'],
    ['end_date=2024-01-01T10:00', 'Dates must be YYYY-MM-DD or ISO-8601'],
    ['folder_id=abc', 'folder_id must be a number'],
    [`search=${'s'.repeat(201)}`, 'search is too long'],
    ['tags=a&tags=b&tags=c&tags=d&tags=e&tags=f&tags=g&tags=h&tags=i&tags=j&tags=k', 'Maximum 10 tags allowed'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await t().client.get(`/api/files?${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it("answers 404 for a folder the caller cannot read", async () => {
    const res = await t().client.get(`/api/files?folder_id=${folderId}`, { token: otherToken });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Folder not found' });
  });

  it('lists public files for anyone, with search and paging', async () => {
    const { token: publisher } = await t().client.register();
    const id = await uploadOne(t().client, publisher, { name: 'public-zeta.txt', content: samples.text() }, { is_public: 'true' });
    const res = await t().client.get('/api/files/public?search=zeta&limit=5');
    expect(res.status).toBe(200);
    expect(res.body.files.map((f: FileItem) => f.id)).toEqual([id]);
    expect(res.body.total).toBe(1);
    expect((await t().client.get('/api/files/public?search=Alpha')).body.total).toBe(0);
  });
});
