import { expect, it } from 'vitest';
import { assertStorageConsistent, samples, uploadForm, uploadOne, type UploadFile } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb, withTestServer, type TestServer } from './helpers/server.js';
import { openSocket } from './helpers/ws.js';

async function ownerWithRequest(t: TestServer, extra: Record<string, unknown> = {}) {
  const owner = await t.client.register();
  const folder = await makeFolder(t, owner.token, 'Inbox');
  const res = await t.client.post('/api/requests', { token: owner.token, json: { folder_id: folder.id, ...extra } });
  if (res.status !== 201) throw new Error(`create request failed: ${res.status} ${res.text}`);
  return { owner, folder, request: res.body.request as { id: number; token: string; path: string } };
}

const send = (t: TestServer, token: string, files: UploadFile[], fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.client.post(`/api/r/${token}/upload`, { body: uploadForm(files, fields), headers });

describeEachDb('file requests', (t) => {
  it('take a visitor\'s files into the folder, charged to the owner, and answer only names and sizes', async () => {
    const { owner, folder, request } = await ownerWithRequest(t(), { message: 'Send me the scans', label: 'Scans' });
    expect(request.path).toBe(`/r/${request.token}`);
    expect(request.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const already = await uploadOne(t().client, owner.token, { name: 'private plan.txt', content: samples.text() }, { folder_id: String(folder.id) });

    const view = await t().client.get(`/api/r/${request.token}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('x-robots-tag')).toContain('noindex');
    expect(view.headers.get('referrer-policy')).toBe('no-referrer');
    expect(view.body).toEqual({ owner: owner.user.username, message: 'Send me the scans', expires_at: null, files_left: null, bytes_left: null });
    // Nothing of the folder shows: not its name, not its files.
    expect(view.text).not.toContain('Inbox');
    expect(view.text).not.toContain('private plan');

    const scan = samples.png();
    const res = await send(t(), request.token, [{ name: 'scan.png', content: scan }], { uploader_name: 'Bob Visitor' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ results: [{ ok: true, name: 'scan.png', size: scan.length }] });
    expect(res.text).not.toContain('private plan');
    expect(res.text).not.toContain(String(folder.id));

    const listed = await t().client.get(`/api/files?folder_id=${folder.id}`, { token: owner.token });
    const stored = listed.body.files.find((f: { original_name: string }) => f.original_name === 'scan.png');
    expect(stored).toMatchObject({ user_id: owner.user.id, is_public: false, folder_id: folder.id, tags: [] });
    expect(listed.body.files.map((f: { id: number }) => f.id)).toContain(already);
    const user = await t().server.ctx.db.selectFrom('users').select('used_bytes').where('id', '=', owner.user.id).executeTakeFirstOrThrow();
    const held = await t().server.ctx.db.selectFrom('files').select((eb) => eb.fn.sum<number>('file_size').as('n')).where('user_id', '=', owner.user.id).executeTakeFirstOrThrow();
    expect(Number(user.used_bytes)).toBe(Number(held.n));
    const activity = await t().server.ctx.db.selectFrom('activity').select(['type', 'user_id', 'via', 'via_link_id', 'via_label', 'visitor']).where('file_id', '=', stored.id).execute();
    expect(activity).toEqual([{ type: 'upload', user_id: owner.user.id, via: 'file_request', via_link_id: request.id, via_label: 'Scans', visitor: 'Bob Visitor' }]);

    const mine = await t().client.get('/api/requests', { token: owner.token });
    expect(mine.body.requests[0]).toMatchObject({ id: request.id, folder: { id: folder.id, name: 'Inbox' }, files_received: 1, bytes_received: scan.length, state: 'active' });
    await assertStorageConsistent(t());
  });

  it('count a visit, not the open page asking again', async () => {
    const { request } = await ownerWithRequest(t());
    const counts = () => t().server.ctx.db.selectFrom('links').select(['views', 'last_used_at']).where('id', '=', request.id).executeTakeFirstOrThrow();
    expect((await t().client.get(`/api/r/${request.token}`)).status).toBe(200);
    const visited = await counts();
    expect(visited.views).toBe(1);
    expect(visited.last_used_at).not.toBeNull();
    const again = await t().client.get(`/api/r/${request.token}?again=1`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ files_left: null });
    expect(await counts()).toEqual(visited);
    const bad = await t().client.get(`/api/r/${request.token}?again=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('again must be 1');
  });

  it('apply the upload rules and the owner\'s quota', async () => {
    const { owner, request } = await ownerWithRequest(t());
    await t().server.ctx.db.updateTable('users').set({ storage_quota_bytes: 50 }).where('id', '=', owner.user.id).execute();
    const overQuota = await send(t(), request.token, [{ name: 'big.txt', content: Buffer.alloc(80, 'q') }]);
    expect(overQuota.status).toBe(507);
    expect(overQuota.body.error).toBe('Storage quota exceeded');
    expect((await send(t(), request.token, [{ name: 'fits.txt', content: Buffer.alloc(40, 'q') }])).status).toBe(201);
    const refusedType = await send(t(), request.token, [{ name: 'run.exe', content: Buffer.from('MZ') }]);
    expect(refusedType.status).toBe(415);
    expect((await send(t(), request.token, [{ name: 'a.txt', content: samples.text() }], { folder_id: '1' })).status).toBe(400);
    expect((await send(t(), request.token, [{ name: 'a.txt', content: samples.text() }], { uploader_name: 'x'.repeat(101) })).status).toBe(400);
    expect((await t().client.post(`/api/r/${request.token}/upload`, { json: {} })).status).toBe(415);
  });

  it('admit a visitor\'s file as new content whatever the owner holds, so a refusal tells nothing of it', async () => {
    const { owner, request } = await ownerWithRequest(t());
    const held = Buffer.alloc(60, 'h');
    const small = Buffer.alloc(20, 's');
    await uploadOne(t().client, owner.token, { name: 'held.txt', content: held });
    await uploadOne(t().client, owner.token, { name: 'small.txt', content: small });
    // 30 bytes left: the owner's 60-byte content would be free to them, yet a visitor's copy of it is refused as new content is.
    await t().server.ctx.db.updateTable('users').set({ storage_quota_bytes: 80 + 30 }).where('id', '=', owner.user.id).execute();
    const copy = await send(t(), request.token, [{ name: 'guess.txt', content: held }]);
    const fresh = await send(t(), request.token, [{ name: 'guess.txt', content: Buffer.alloc(60, 'f') }]);
    expect([copy.status, copy.body]).toEqual([fresh.status, fresh.body]);
    expect(copy).toMatchObject({ status: 507, body: { error: 'Storage quota exceeded' } });
    // What fits as new content is taken, and charged as usual: a copy of the owner's content costs them nothing.
    expect((await send(t(), request.token, [{ name: 'again.txt', content: small }])).status).toBe(201);
    const user = await t().server.ctx.db.selectFrom('users').select('used_bytes').where('id', '=', owner.user.id).executeTakeFirstOrThrow();
    expect(Number(user.used_bytes)).toBe(80);
    await assertStorageConsistent(t());
  });

  it('stop at max_files and max_bytes, even for uploads sent at once', async () => {
    const { owner, request } = await ownerWithRequest(t(), { max_files: 2 });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => send(t(), request.token, [{ name: `f${i}.txt`, content: samples.text() }])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 410)).toBe(true);
    expect((await t().client.get(`/api/r/${request.token}`)).body.link_refusal).toBe('exhausted');
    const rows = await t().server.ctx.db.selectFrom('files').select('id').where('user_id', '=', owner.user.id).execute();
    expect(rows).toHaveLength(2);

    const bytes = await ownerWithRequest(t(), { max_bytes: 100 });
    const small = await send(t(), bytes.request.token, [{ name: 's.txt', content: Buffer.alloc(60, 'a') }]);
    expect(small.status).toBe(201);
    const big = await send(t(), bytes.request.token, [{ name: 'b.txt', content: Buffer.alloc(60, 'b') }]);
    expect(big.status).toBe(413);
    expect((await t().client.get(`/api/r/${bytes.request.token}`)).body.bytes_left).toBe(40);
    await assertStorageConsistent(t());
  });

  it('tell the owner who else can open what arrives through the folder or one above it', async () => {
    const owner = await t().client.register();
    const outer = await makeFolder(t(), owner.token, 'Outer');
    const inner = await makeFolder(t(), owner.token, 'Inner', { parent_id: outer.id });
    const created = await t().client.post('/api/requests', { token: owner.token, json: { folder_id: inner.id } });
    expect(created.body.request.folder_reach).toBeNull();
    const reach = async () => (await t().client.get('/api/requests', { token: owner.token })).body.requests[0].folder_reach;

    const bob = await t().client.register();
    await t().client.put(`/api/folders/${outer.id}`, { token: owner.token, json: { shared_users: [bob.user.username] } });
    expect(await reach()).toBe('users');
    const link = await t().client.post('/api/links', { token: owner.token, json: { item: { type: 'folder', id: outer.id } } });
    expect(await reach()).toBe('link');
    await t().client.put(`/api/folders/${outer.id}`, { token: owner.token, json: { is_public: true } });
    expect(await reach()).toBe('public');
    const changed = await t().client.request('PATCH', `/api/requests/${created.body.request.id}`, { token: owner.token, json: { message: 'Scans please' } });
    expect(changed.body.request.folder_reach).toBe('public');

    // Publishing dropped the named users; an unpublished folder whose link is revoked reaches nobody else.
    await t().client.put(`/api/folders/${outer.id}`, { token: owner.token, json: { is_public: false } });
    await t().client.delete(`/api/links/${link.body.link.id}`, { token: owner.token });
    expect(await reach()).toBeNull();
  });

  it('with a password, expiry and closing, as share links', async () => {
    const { owner, request } = await ownerWithRequest(t(), { password: 'drop box' });
    expect((await t().client.get(`/api/r/${request.token}`)).body.link_refusal).toBe('password_required');
    expect((await send(t(), request.token, [{ name: 'a.txt', content: samples.text() }])).status).toBe(401);
    expect((await t().client.post(`/api/r/${request.token}/unlock`, { json: { password: 'nope' } })).status).toBe(401);
    const grant = (await t().client.post(`/api/r/${request.token}/unlock`, { json: { password: 'drop box' } })).body.grant as string;
    expect((await send(t(), request.token, [{ name: 'a.txt', content: samples.text() }], {}, { 'x-link-grant': grant })).status).toBe(201);
    // An open page renews its grant before it runs out.
    const renewed = await t().client.post(`/api/r/${request.token}/grant`, { headers: { 'x-link-grant': grant } });
    expect(renewed.status).toBe(200);
    expect((await send(t(), request.token, [{ name: 'a2.txt', content: samples.text() }], {}, { 'x-link-grant': renewed.body.grant })).status).toBe(201);
    // A share link's grant is no grant here, nor the other way round.
    expect((await t().client.get(`/api/s/${request.token}`)).body.link_refusal).toBe('not_found');
    expect((await t().client.post(`/api/s/${request.token}/grant`, { headers: { 'x-link-grant': grant } })).body.link_refusal).toBe('not_found');

    await t().client.delete(`/api/requests/${request.id}`, { token: owner.token });
    const closed = await send(t(), request.token, [{ name: 'b.txt', content: samples.text() }], {}, { 'x-link-grant': grant });
    expect(closed.status).toBe(410);
    expect(closed.body.link_refusal).toBe('revoked');
    expect((await t().client.get('/api/requests', { token: owner.token })).body.requests[0].state).toBe('revoked');

    const second = await ownerWithRequest(t());
    await t().server.ctx.db.updateTable('links').set({ expires_at: Date.now() - 1 }).where('id', '=', second.request.id).execute();
    expect((await send(t(), second.request.token, [{ name: 'c.txt', content: samples.text() }])).body.link_refusal).toBe('expired');
  });

  it('are the owner\'s alone to make, see and close', async () => {
    const { owner, folder, request } = await ownerWithRequest(t());
    const stranger = await t().client.register();
    expect((await t().client.post('/api/requests', { token: stranger.token, json: { folder_id: folder.id } })).status).toBe(404);
    expect((await t().client.get('/api/requests', { token: stranger.token })).body.requests).toEqual([]);
    expect((await t().client.delete(`/api/requests/${request.id}`, { token: stranger.token })).status).toBe(404);
    expect((await t().client.request('PATCH', `/api/requests/${request.id}`, { token: stranger.token, json: { message: 'hi' } })).status).toBe(404);
    // A request is not a share link, under either route.
    expect((await t().client.delete(`/api/links/${request.id}`, { token: owner.token })).status).toBe(404);
    const changed = await t().client.request('PATCH', `/api/requests/${request.id}`, { token: owner.token, json: { message: 'Only PDFs please', max_files: 3 } });
    expect(changed.body.request).toMatchObject({ message: 'Only PDFs please', max_files: 3 });
    expect((await t().client.post('/api/requests', { token: owner.token, json: { folder_id: folder.id, max_files: 0 } })).status).toBe(400);
  });

  it("leave the owner's list once ended, one or all at once, keeping what they received; open ones and other users' stay", async () => {
    const { owner, folder, request: open } = await ownerWithRequest(t(), { label: 'open' });
    const another = async (json: Record<string, unknown>) => (await t().client.post('/api/requests', { token: owner.token, json: { folder_id: folder.id, ...json } })).body.request as { id: number; token: string };
    const closed = await another({ label: 'closed' });
    const full = await another({ label: 'full', max_files: 1 });
    const fullOfBytes = await another({ label: 'bytes', max_bytes: 4 });
    const { owner: stranger, request: theirs } = await ownerWithRequest(t());
    await t().client.delete(`/api/requests/${closed.id}`, { token: owner.token });
    await t().client.delete(`/api/requests/${theirs.id}`, { token: stranger.token });
    expect((await send(t(), full.token, [{ name: 'a.txt', content: samples.text('a') }])).status).toBe(201);
    expect((await send(t(), fullOfBytes.token, [{ name: 'b.txt', content: Buffer.from('four') }])).status).toBe(201);
    const remove = (id: number, token = owner.token) => t().client.delete(`/api/requests/ended/${id}`, { token });
    const labels = async () => ((await t().client.get('/api/requests', { token: owner.token })).body.requests as { label: string }[]).map((r) => r.label);

    const refused = await remove(open.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'Close the file request before removing it', code: 'fileRequestStillOpen' });
    expect((await remove(closed.id, stranger.token)).status).toBe(404);
    expect((await remove(theirs.id)).status).toBe(404);
    // A share link's id is not a request's.
    expect((await t().client.delete(`/api/links/ended/${closed.id}`, { token: owner.token })).status).toBe(404);

    expect((await remove(closed.id)).status).toBe(204);
    expect(await labels()).toEqual(['bytes', 'full', 'open']);
    const all = await t().client.delete('/api/requests/ended', { token: owner.token });
    expect(all.body).toEqual({ removed: 2 });
    expect(await labels()).toEqual(['open']);
    expect((await t().client.get('/api/requests', { token: stranger.token })).body.requests).toHaveLength(1);
    // What arrived stays in the folder, its arrival still in the activity log.
    const files = await t().client.get(`/api/files?folder_id=${folder.id}`, { token: owner.token });
    expect(files.body.files.map((f: { original_name: string }) => f.original_name).sort()).toEqual(['a.txt', 'b.txt']);
    const activity = await t().server.ctx.db.selectFrom('activity').select(['via', 'via_label']).where('type', '=', 'upload').where('user_id', '=', owner.user.id).execute();
    expect(activity.map((a) => `${a.via} ${a.via_label}`).sort()).toEqual(['file_request bytes', 'file_request full']);
  });

  it('show the owner each arrival live', async () => {
    const { owner, request } = await ownerWithRequest(t());
    const socket = await openSocket(t().url, { token: owner.token });
    try {
      await send(t(), request.token, [{ name: 'live.txt', content: samples.text() }]);
      const arrived = await socket.next((m) => m.type === 'request_uploaded');
      expect(arrived).toMatchObject({ type: 'request_uploaded', link_id: request.id });
      await socket.next((m) => m.type === 'file_uploaded' && m.file_id === arrived.file_id);
    } finally {
      socket.close();
    }
  });
});

it('file request uploads are limited per address', async () => {
  await withTestServer({ RATE_LIMIT_SIGN_IN_MAX: '2' }, async (srv) => {
    const { request } = await ownerWithRequest(srv);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send(srv, request.token, [{ name: `r${i}.txt`, content: samples.text() }])).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});
