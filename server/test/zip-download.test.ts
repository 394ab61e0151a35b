import { expect, it } from 'vitest';
import yauzl from 'yauzl';
import { samples, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb, type TestServer } from './helpers/server.js';

interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  content: Buffer;
}

/** Every entry of a zip, read with an independent reader that checks each entry's CRC. */
function readZip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, file) => {
      if (err) return reject(err);
      const entries: ZipEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.push({ name: entry.fileName, method: entry.compressionMethod, content: Buffer.alloc(0) });
          return file.readEntry();
        }
        file.openReadStream(entry, (streamErr, stream) => {
          if (streamErr) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, method: entry.compressionMethod, content: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

async function fetchZip(t: TestServer, path: string, token?: string, method = 'GET') {
  const res = await fetch(t.url + path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

/** A HEAD of a zip: the GET's headers (no length: the zip is streamed as it is built), and no body. */
async function headOfZip(t: TestServer, path: string, name: string, token?: string) {
  const { res, body } = await fetchZip(t, path, token, 'HEAD');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toContain(`filename="${name}"`);
  expect(res.headers.get('content-length')).toBeNull();
  expect(body).toHaveLength(0);
}

/** The audit log's downloads by a user, or through a share link. */
async function downloadsLogged(t: TestServer, by: { userId: number } | { linkId: number }) {
  const rows = t.server.ctx.db.selectFrom('activity').select(['file_name', 'detail']).where('type', '=', 'download');
  const theirs = 'userId' in by ? rows.where('user_id', '=', by.userId) : rows.where('via_link_id', '=', by.linkId);
  return theirs.orderBy('id').execute();
}

/**
 * Project/
 *   plan.txt, photo.png, Report?.txt, report*.txt (distinct names, the same but for case once made safe)
 *   Drafts/ sketch.png, notes: a?b.txt
 *     Empty/
 *   ../ (a folder named "..")  inner.txt
 */
async function nestedTree(t: TestServer) {
  const owner = await t.client.register();
  const root = await makeFolder(t, owner.token, 'Project');
  const drafts = await makeFolder(t, owner.token, 'Drafts', { parent_id: root.id });
  await makeFolder(t, owner.token, 'Empty', { parent_id: drafts.id });
  const dots = await makeFolder(t, owner.token, '..', { parent_id: root.id });
  const files: Record<string, Buffer> = {};
  const put = async (folderId: number, name: string, content: Buffer) => {
    await uploadOne(t.client, owner.token, { name, content }, { folder_id: String(folderId) });
    return content;
  };
  files['Project/plan.txt'] = await put(root.id, 'plan.txt', samples.text('the plan\n'.repeat(500)));
  files['Project/photo.png'] = await put(root.id, 'photo.png', samples.png());
  files['Project/Report_.txt'] = await put(root.id, 'Report?.txt', samples.text('upper\n'));
  files['Project/report_ (2).txt'] = await put(root.id, 'report*.txt', samples.text('lower\n'));
  files['Project/Drafts/sketch.png'] = await put(drafts.id, 'sketch.png', samples.png());
  files['Project/Drafts/notes_ a_b.txt'] = await put(drafts.id, 'notes: a?b.txt', samples.text('odd name\n'));
  files['Project/_/inner.txt'] = await put(dots.id, 'inner.txt', samples.text('inside dots\n'));
  return { owner, root, drafts, files };
}

function expectTree(entries: ZipEntry[], files: Record<string, Buffer>) {
  const dirs = entries.filter((e) => e.name.endsWith('/')).map((e) => e.name).sort();
  expect(dirs).toEqual(['Project/', 'Project/Drafts/', 'Project/Drafts/Empty/', 'Project/_/']);
  const got = Object.fromEntries(entries.filter((e) => !e.name.endsWith('/')).map((e) => [e.name, e.content]));
  expect(Object.keys(got).sort()).toEqual(Object.keys(files).sort());
  for (const [name, content] of Object.entries(files)) expect(got[name]!.equals(content), name).toBe(true);
  // Already-compressed types are stored; text is deflated.
  expect(entries.find((e) => e.name === 'Project/photo.png')!.method).toBe(0);
  expect(entries.find((e) => e.name === 'Project/plan.txt')!.method).toBe(8);
}

describeEachDb('zip downloads', (t) => {
  it('stream a readable folder tree byte for byte, names safe and unique', async () => {
    const { owner, root, files } = await nestedTree(t());
    const { res, body } = await fetchZip(t(), `/api/folders/${root.id}/download`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('filename="Project.zip"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectTree(await readZip(body), files);
    const activity = await t().server.ctx.db.selectFrom('activity').select(['file_name', 'detail']).where('user_id', '=', owner.user.id).where('type', '=', 'download').execute();
    expect(activity).toEqual([{ file_name: 'Project.zip', detail: 'zip of 7 files' }]);
  });

  it('name directories stored with control or bidi characters (before they were refused) without them', async () => {
    const owner = await t().client.register();
    const top = await makeFolder(t(), owner.token, 'Legacy');
    const sub = await makeFolder(t(), owner.token, 'Sub', { parent_id: top.id });
    const content = samples.text('kept\n');
    await uploadOne(t().client, owner.token, { name: 'kept.txt', content }, { folder_id: String(sub.id) });
    const rename = (id: number, name: string) => t().server.ctx.db.updateTable('folders').set({ name }).where('id', '=', id).execute();
    await rename(top.id, 'Invoices\u202Efdp.exe');
    await rename(sub.id, 'Sub\u009b2J\u2066x\u2069\u0085');
    const { res, body } = await fetchZip(t(), `/api/folders/${top.id}/download`, owner.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="Invoices_fdp.exe.zip"');
    const entries = await readZip(body);
    expect(entries.map((e) => e.name).sort()).toEqual(['Invoices_fdp.exe/', 'Invoices_fdp.exe/Sub_2J_x__/', 'Invoices_fdp.exe/Sub_2J_x__/kept.txt']);
  });

  it('refuse folders the caller may not read, as "not found"', async () => {
    const { root } = await nestedTree(t());
    const stranger = await t().client.register();
    expect((await fetchZip(t(), `/api/folders/${root.id}/download`, stranger.token)).res.status).toBe(404);
    expect((await fetchZip(t(), `/api/folders/${root.id}/download`)).res.status).toBe(401);
    expect((await fetchZip(t(), `/api/folders/999999/download`, stranger.token)).res.status).toBe(404);
  });

  it('zip a selection through a short-lived link bound to the session', async () => {
    const { owner, root, drafts, files } = await nestedTree(t());
    const loose = samples.text('loose\n');
    const looseId = await uploadOne(t().client, owner.token, { name: 'loose.txt', content: loose });
    const made = await t().client.post('/api/downloads', { token: owner.token, json: { file_ids: [looseId], folder_ids: [drafts.id] } });
    expect(made.status).toBe(200);
    expect(made.body.url).toMatch(/^\/api\/downloads\/zip\?dl=/);
    const { res, body } = await fetchZip(t(), made.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="download.zip"');
    const entries = await readZip(body);
    expect(entries.map((e) => e.name).sort()).toEqual(['Drafts/', 'Drafts/Empty/', 'Drafts/notes_ a_b.txt', 'Drafts/sketch.png', 'loose.txt']);
    expect(entries.find((e) => e.name === 'Drafts/sketch.png')!.content.equals(files['Project/Drafts/sketch.png']!)).toBe(true);

    // Anything the caller may not read makes the whole selection "not found".
    const stranger = await t().client.register();
    expect((await t().client.post('/api/downloads', { token: stranger.token, json: { folder_ids: [root.id] } })).status).toBe(404);
    expect((await t().client.post('/api/downloads', { token: owner.token, json: {} })).status).toBe(400);
    expect((await t().client.post('/api/downloads', { token: owner.token, json: { file_ids: Array.from({ length: 501 }, (_, i) => i + 1) } })).status).toBe(400);
    // A forged or foreign token opens nothing; signing out ends the link.
    expect((await fetchZip(t(), '/api/downloads/zip?dl=forged')).res.status).toBe(401);
    await t().client.post('/api/auth/logout', { token: owner.token });
    expect((await fetchZip(t(), made.body.url)).res.status).toBe(401);
  });

  it('holds an item inside a selected folder once, in that folder: a selection cannot multiply a tree', async () => {
    const { owner, root, drafts, files } = await nestedTree(t());
    const idOf = async (name: string) =>
      (await t().server.ctx.db.selectFrom('files').select('id').where('user_id', '=', owner.user.id).where('original_name', '=', name).executeTakeFirstOrThrow()).id;
    const selection = { file_ids: [await idOf('sketch.png'), await idOf('plan.txt')], folder_ids: [drafts.id, root.id, drafts.id] };
    const made = await t().client.post('/api/downloads', { token: owner.token, json: selection });
    expect(made.status).toBe(200);
    const { res, body } = await fetchZip(t(), made.body.url);
    expect(res.headers.get('content-disposition')).toContain('filename="Project.zip"');
    expectTree(await readZip(body), files);
  });

  it('"Download all" on a folder link zips the tree and counts as one download', async () => {
    const { owner, root, files } = await nestedTree(t());
    const created = await t().client.post('/api/links', { token: owner.token, json: { item: { type: 'folder', id: root.id }, max_downloads: 1 } });
    const token = created.body.link.token as string;
    const { res, body } = await fetchZip(t(), `/api/s/${token}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expectTree(await readZip(body), files);
    const again = await fetchZip(t(), `/api/s/${token}/download`);
    expect(again.res.status).toBe(410);
    const listed = await t().client.get('/api/links', { token: owner.token });
    expect(listed.body.links[0]).toMatchObject({ downloads: 1, state: 'exhausted' });
  });

  it('answer a HEAD on a folder link\'s zip with its headers alone, never using up a download', async () => {
    const { owner, root } = await nestedTree(t());
    const created = await t().client.post('/api/links', { token: owner.token, json: { item: { type: 'folder', id: root.id }, max_downloads: 2 } });
    const { id: linkId, token } = created.body.link as { id: number; token: string };
    const path = `/api/s/${token}/download`;
    await headOfZip(t(), path, 'Project.zip');
    await headOfZip(t(), path, 'Project.zip');
    expect((await t().client.get('/api/links', { token: owner.token })).body.links[0]).toMatchObject({ downloads: 0, state: 'active' });
    expect(await downloadsLogged(t(), { linkId })).toEqual([]);

    expect((await fetchZip(t(), path)).res.status).toBe(200);
    expect((await fetchZip(t(), path)).res.status).toBe(200);
    expect((await fetchZip(t(), path)).res.status).toBe(410);
    // Once the link is used up, a HEAD is refused as the GET is.
    const exhausted = await fetchZip(t(), path, undefined, 'HEAD');
    expect(exhausted.res.status).toBe(410);
    expect((await t().client.get('/api/links', { token: owner.token })).body.links[0]).toMatchObject({ downloads: 2, state: 'exhausted' });
    expect(await downloadsLogged(t(), { linkId })).toHaveLength(2);
  });

  it('log no download for a HEAD on a folder\'s zip or a selection\'s', async () => {
    const { owner, root, drafts } = await nestedTree(t());
    await headOfZip(t(), `/api/folders/${root.id}/download`, 'Project.zip', owner.token);
    const made = await t().client.post('/api/downloads', { token: owner.token, json: { folder_ids: [drafts.id] } });
    await headOfZip(t(), made.body.url, 'Drafts.zip');
    expect(await downloadsLogged(t(), { userId: owner.user.id })).toEqual([]);

    expect((await fetchZip(t(), `/api/folders/${root.id}/download`, owner.token)).res.status).toBe(200);
    expect((await fetchZip(t(), made.body.url)).res.status).toBe(200);
    expect(await downloadsLogged(t(), { userId: owner.user.id })).toEqual([
      { file_name: 'Project.zip', detail: 'zip of 7 files' },
      { file_name: 'Drafts.zip', detail: 'zip of 2 files' },
    ]);
  });

  it('refuse a tree too deep for the zip format before counting anything, and cut long names to 255 bytes', async () => {
    const owner = await t().client.register();
    const top = await makeFolder(t(), owner.token, 'Deep');
    const longName = `${'資料'.repeat(127)}.txt`; // 255 characters, 765 bytes
    await uploadOne(t().client, owner.token, { name: longName, content: samples.text('long\n') }, { folder_id: String(top.id) });
    await uploadOne(t().client, owner.token, { name: 'con.txt', content: samples.text('device\n') }, { folder_id: String(top.id) });
    const shallow = await fetchZip(t(), `/api/folders/${top.id}/download`, owner.token);
    expect(shallow.res.status).toBe(200);
    expect((await readZip(shallow.body)).map((e) => e.name).sort()).toEqual(['Deep/', `Deep/${'資料'.repeat(41)}資.txt`, 'Deep/con_.txt'].sort());

    // 256 levels of 255-byte names: the deepest path passes the 65,535 bytes a zip can name.
    const chain = [top.id];
    for (let level = 0; level < 256; level += 1) {
      const inserted = await t().server.ctx.db
        .insertInto('folders')
        .values({ user_id: owner.user.id, name: 'd'.repeat(255), parent_id: chain.at(-1)!, is_public: 0, created_at: Date.now(), updated_at: Date.now(), trashed_at: null, trashed_with: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      chain.push(inserted.id);
    }
    const created = await t().client.post('/api/links', { token: owner.token, json: { item: { type: 'folder', id: top.id }, max_downloads: 1 } });
    const { id: linkId, token } = created.body.link as { id: number; token: string };
    for (const path of [`/api/s/${token}/download`, `/api/folders/${top.id}/download`]) {
      const { res, body } = await fetchZip(t(), path, owner.token);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(body.toString())).toMatchObject({ code: 'archiveTooDeep' });
    }
    expect((await t().client.get('/api/links', { token: owner.token })).body.links[0]).toMatchObject({ downloads: 0, state: 'active' });
    expect(await downloadsLogged(t(), { linkId })).toEqual([]);
    expect(await downloadsLogged(t(), { userId: owner.user.id })).toEqual([{ file_name: 'Deep.zip', detail: 'zip of 2 files' }]);
    // A folder further down still zips: 247 levels of 256 bytes.
    const below = await fetchZip(t(), `/api/folders/${chain[10]}/download`, owner.token);
    expect(below.res.status).toBe(200);
    expect(await readZip(below.body)).toHaveLength(247);
  });
});
