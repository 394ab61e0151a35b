import { describe, expect, it, vi } from 'vitest';
import { LINK_LIMITS } from '@vault/contract';
import { samples, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { createClient } from './helpers/client.js';
import { describeEachDb, withTestServer, type TestServer } from './helpers/server.js';
import { makeAdmin } from './helpers/users.js';
import { openSocket } from './helpers/ws.js';
import { redactUrl } from '../src/http/security.js';

type Item = { type: 'file' | 'folder'; id: number };

async function createLink(t: TestServer, token: string, item: Item, extra: Record<string, unknown> = {}) {
  const res = await t.client.post('/api/links', { token, json: { item, ...extra } });
  if (res.status !== 201) throw new Error(`create link failed: ${res.status} ${res.text}`);
  return res.body.link as { id: number; token: string; path: string; state: string };
}

/** An owner with one text file; the content is returned for byte comparisons. */
async function ownerWithFile(t: TestServer, name = 'report.txt') {
  const owner = await t.client.register();
  const content = samples.text(`content of ${name} ${Math.random()}\n`);
  const fileId = await uploadOne(t.client, owner.token, { name, content });
  return { owner, fileId, content };
}

const unlock = (t: TestServer, linkToken: string, password: string, kind = 's') =>
  t.client.post(`/api/${kind}/${linkToken}/unlock`, { json: { password } });

describeEachDb('share links', (t) => {
  it('are unguessable tokens of 256 random bits that say nothing about the item', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const a = await createLink(t(), owner.token, { type: 'file', id: fileId });
    const b = await createLink(t(), owner.token, { type: 'file', id: fileId });
    for (const link of [a, b]) {
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
      expect(link.path).toBe(`/s/${link.token}`);
      expect(link.state).toBe('active');
    }
    expect(a.token).not.toBe(b.token);
    // A made-up token of the right shape, and one of the wrong shape, open nothing.
    const unknown = await t().client.get(`/api/s/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.link_refusal).toBe('not_found');
    expect((await t().client.get(`/api/s/${fileId}`)).body.link_refusal).toBe('not_found');
  });

  it('answers not found, and keeps no link, when its file is erased while the password is hashed', async () => {
    const { owner, fileId } = await ownerWithFile(t(), 'erased.txt');
    const { passwords } = t().server.ctx;
    const hash = passwords.hash.bind(passwords);
    // The owner erases the file (Trash, then emptied) between the request's arrival and its insert.
    const spy = vi.spyOn(passwords, 'hash').mockImplementationOnce(async (password) => {
      expect((await t().client.delete(`/api/files/${fileId}`, { token: owner.token })).status).toBe(204);
      expect((await t().client.delete('/api/trash', { token: owner.token })).status).toBe(200);
      return hash(password);
    });
    try {
      const res = await t().client.post('/api/links', { token: owner.token, json: { item: { type: 'file', id: fileId }, password: 'a link password' } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'fileNotFound' });
    } finally {
      spy.mockRestore();
    }
    expect((await t().client.get('/api/links', { token: owner.token })).body.links).toEqual([]);
  });

  it('refuses someone else\'s file or folder before it hashes a password', async () => {
    const { fileId } = await ownerWithFile(t(), 'theirs.txt');
    const stranger = await t().client.register();
    const hash = vi.spyOn(t().server.ctx.passwords, 'hash');
    try {
      const file = await t().client.post('/api/links', { token: stranger.token, json: { item: { type: 'file', id: fileId }, password: 'a link password' } });
      expect(file.status).toBe(404);
      expect(file.body).toMatchObject({ code: 'fileNotFound' });
      const folder = await t().client.post('/api/links', { token: stranger.token, json: { item: { type: 'folder', id: 999_999 }, password: 'a link password' } });
      expect(folder.status).toBe(404);
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
    expect((await t().client.get('/api/links', { token: stranger.token })).body.links).toEqual([]);
  });

  it('opens its file to anyone: the landing data, the exact bytes, counted once per download', async () => {
    const { owner, fileId, content } = await ownerWithFile(t(), 'quarterly report.txt');
    const link = await createLink(t(), owner.token, { type: 'file', id: fileId }, { label: 'for Anna' });
    const view = await t().client.get(`/api/s/${link.token}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('x-robots-tag')).toContain('noindex');
    expect(view.headers.get('referrer-policy')).toBe('no-referrer');
    expect(view.body).toMatchObject({
      owner: owner.user.username,
      label: 'for Anna',
      allow_preview: true,
      downloads_left: null,
      item: { type: 'file', file: { id: fileId, name: 'quarterly report.txt', size: content.length, mime_type: 'text/plain' } },
    });

    const download = await fetch(`${t().url}/api/s/${link.token}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    // A range that does not start at byte 0 resumes a download: not counted again.
    const resumed = await t().client.get(`/api/s/${link.token}/download`, { headers: { range: 'bytes=5-' } });
    expect(resumed.status).toBe(206);

    const listed = await t().client.get(`/api/links?type=file&id=${fileId}`, { token: owner.token });
    expect(listed.body.links).toHaveLength(1);
    expect(listed.body.links[0]).toMatchObject({ id: link.id, views: 1, downloads: 1, state: 'active', item: { type: 'file', id: fileId, name: 'quarterly report.txt' } });
    expect(listed.body.links[0].last_used_at).not.toBeNull();
    const file = await t().client.get(`/api/files/${fileId}`, { token: owner.token });
    expect(file.body.file.download_count).toBe(1);
    const activity = await t().server.ctx.db.selectFrom('activity').select(['type', 'via', 'via_link_id', 'via_label']).where('file_id', '=', fileId).where('type', '=', 'download').execute();
    expect(activity).toEqual([{ type: 'download', via: 'share_link', via_link_id: link.id, via_label: 'for Anna' }]);
  });

  it('are made, listed, changed and revoked by the owner only; others see "not found"', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const stranger = await t().client.register();
    const folder = await makeFolder(t(), owner.token, 'Shared');
    expect((await t().client.post('/api/links', { token: stranger.token, json: { item: { type: 'file', id: fileId } } })).status).toBe(404);
    expect((await t().client.post('/api/links', { token: stranger.token, json: { item: { type: 'folder', id: folder.id } } })).status).toBe(404);
    expect((await t().client.post('/api/links', { json: { item: { type: 'file', id: fileId } } })).status).toBe(401);

    const link = await createLink(t(), owner.token, { type: 'file', id: fileId });
    await createLink(t(), owner.token, { type: 'folder', id: folder.id });
    expect((await t().client.get(`/api/links?type=file&id=${fileId}`, { token: stranger.token })).status).toBe(404);
    expect((await t().client.get('/api/links', { token: stranger.token })).body.links).toEqual([]);
    expect((await t().client.get('/api/links', { token: owner.token })).body.links).toHaveLength(2);
    expect((await t().client.request('PATCH', `/api/links/${link.id}`, { token: stranger.token, json: { label: 'mine' } })).status).toBe(404);
    expect((await t().client.delete(`/api/links/${link.id}`, { token: stranger.token })).status).toBe(404);

    const changed = await t().client.request('PATCH', `/api/links/${link.id}`, { token: owner.token, json: { label: 'renamed', max_downloads: 5 } });
    expect(changed.status).toBe(200);
    expect(changed.body.link).toMatchObject({ label: 'renamed', max_downloads: 5 });
    expect((await t().client.delete(`/api/links/${link.id}`, { token: owner.token })).status).toBe(204);
    const gone = await t().client.get(`/api/s/${link.token}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ error: 'This link has been revoked by its owner.', code: 'linkRevokedByOwner', link_refusal: 'revoked' });
    expect((await t().client.get(`/api/s/${link.token}/download`)).status).toBe(410);
    const listed = await t().client.get(`/api/links?type=file&id=${fileId}`, { token: owner.token });
    expect(listed.body.links[0].state).toBe('revoked');
    expect((await t().client.request('PATCH', `/api/links/${link.id}`, { token: owner.token, json: { label: 'again' } })).status).toBe(409);
  });

  it('validates every setting', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const post = (json: unknown) => t().client.post('/api/links', { token: owner.token, json });
    const item = { type: 'file', id: fileId };
    expect((await post({ item, expires_at: '2000-01-01T00:00:00Z' })).body.error).toBe('expires_at must be in the future');
    expect((await post({ item, expires_at: 'tomorrow' })).status).toBe(400);
    expect((await post({ item, max_downloads: 0 })).body.error).toBe('max_downloads must be at least 1');
    expect((await post({ item, max_downloads: 1.5 })).status).toBe(400);
    expect((await post({ item, password: '' })).status).toBe(400);
    expect((await post({ item, password: 'x'.repeat(300) })).status).toBe(400);
    expect((await post({ item, label: 'x'.repeat(101) })).status).toBe(400);
    expect((await post({ item: { type: 'user', id: 1 } })).status).toBe(400);
    expect((await post({ item, owner_id: 1 })).status).toBe(400);
    expect((await post({ item: { type: 'file', id: 'abc' } })).status).toBe(400);
  });

  it('stop at their expiry with a page that says so and nothing about the item', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const link = await createLink(t(), owner.token, { type: 'file', id: fileId }, { expires_at: soon });
    expect((await t().client.get(`/api/s/${link.token}`)).body.expires_at).toBe(soon);
    await t().server.ctx.db.updateTable('links').set({ expires_at: Date.now() - 1 }).where('id', '=', link.id).execute();
    const expired = await t().client.get(`/api/s/${link.token}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ error: 'This link has expired.', code: 'linkExpired', link_refusal: 'expired' });
    expect((await t().client.get(`/api/s/${link.token}/download`)).status).toBe(410);
    expect((await t().client.get(`/api/s/${link.token}/files/${fileId}/download`)).status).toBe(410);
    const listed = await t().client.get('/api/links', { token: owner.token });
    expect(listed.body.links[0].state).toBe('expired');
  });

  it('with a password: a grant for that link alone, ended by a change or a revocation', async () => {
    const { owner, fileId, content } = await ownerWithFile(t());
    const link = await createLink(t(), owner.token, { type: 'file', id: fileId }, { password: 'open sesame' });
    const other = await createLink(t(), owner.token, { type: 'file', id: fileId }, { password: 'open sesame' });
    const locked = await t().client.get(`/api/s/${link.token}`);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ error: 'This link is protected by a password.', code: 'linkPasswordRequired', link_refusal: 'password_required' });
    expect((await t().client.get(`/api/s/${link.token}/download`)).status).toBe(401);

    const wrong = await unlock(t(), link.token, 'guess');
    expect(wrong.status).toBe(401);
    expect(wrong.body.link_refusal).toBe('wrong_password');
    const right = await unlock(t(), link.token, 'open sesame');
    expect(right.status).toBe(200);
    const grant = right.body.grant as string;
    expect(Date.parse(right.body.expires_at)).toBeGreaterThan(Date.now());

    const view = await t().client.get(`/api/s/${link.token}`, { headers: { 'x-link-grant': grant } });
    expect(view.status).toBe(200);
    const download = await fetch(`${t().url}/api/s/${link.token}/download?grant=${encodeURIComponent(grant)}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    // The grant opens its own link only.
    expect((await t().client.get(`/api/s/${other.token}`, { headers: { 'x-link-grant': grant } })).status).toBe(401);
    // The hash is argon2id; the password itself is stored nowhere.
    const row = await t().server.ctx.db.selectFrom('links').select('password_hash').where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    await t().client.request('PATCH', `/api/links/${link.id}`, { token: owner.token, json: { password: 'new secret' } });
    expect((await t().client.get(`/api/s/${link.token}`, { headers: { 'x-link-grant': grant } })).status).toBe(401);
    expect((await unlock(t(), link.token, 'open sesame')).status).toBe(401);
    const renewed = (await unlock(t(), link.token, 'new secret')).body.grant as string;
    expect((await t().client.get(`/api/s/${link.token}`, { headers: { 'x-link-grant': renewed } })).status).toBe(200);
    await t().client.delete(`/api/links/${link.id}`, { token: owner.token });
    const revoked = await t().client.get(`/api/s/${link.token}`, { headers: { 'x-link-grant': renewed } });
    expect(revoked.status).toBe(410);
    expect(revoked.body.link_refusal).toBe('revoked');
    expect((await unlock(t(), link.token, 'new secret')).status).toBe(410);

    // A password can be removed: the link then opens for anyone.
    await t().client.request('PATCH', `/api/links/${other.id}`, { token: owner.token, json: { password: null } });
    expect((await t().client.get(`/api/s/${other.token}`)).status).toBe(200);
  });

  it('renew a grant while it holds, for twelve hours after the password; a made-up, foreign or outdated grant renews nothing', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const link = await createLink(t(), owner.token, { type: 'file', id: fileId }, { password: 'open sesame' });
    const other = await createLink(t(), owner.token, { type: 'file', id: fileId }, { password: 'open sesame' });
    const renew = (grant?: string, token = link.token) => t().client.post(`/api/s/${token}/grant`, { headers: grant ? { 'x-link-grant': grant } : {} });
    const opens = async (grant: string) => (await t().client.get(`/api/s/${link.token}`, { headers: { 'x-link-grant': grant } })).status;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      let grant = (await unlock(t(), link.token, 'open sesame')).body.grant as string;
      expect((await renew()).body.link_refusal).toBe('password_required');
      expect((await renew('not a grant')).status).toBe(401);
      expect((await renew(grant, other.token)).body.link_refusal).toBe('password_required');

      // Each renewal, 25 minutes after the last, lasts the full 30 minutes from then on.
      let minutes = 0;
      for (; minutes + 25 < 12 * 60; ) {
        minutes += 25;
        vi.setSystemTime(start + minutes * 60_000);
        const renewed = await renew(grant);
        expect(renewed.status).toBe(200);
        expect(Date.parse(renewed.body.expires_at)).toBe(Math.floor((start + minutes * 60_000) / 1000) * 1000 + 30 * 60_000);
        grant = renewed.body.grant as string;
        expect(await opens(grant)).toBe(200);
      }
      // Twelve hours after the password, the grant still opens the link until it runs out, but is renewed no more.
      vi.setSystemTime(start + 12 * 60 * 60_000);
      expect(await opens(grant)).toBe(200);
      expect((await renew(grant)).body.link_refusal).toBe('password_required');
      vi.setSystemTime(start + (minutes + 30) * 60_000 + 1000);
      expect(await opens(grant)).toBe(401);

      // The password again: renewals go on; a changed link ends them.
      grant = (await unlock(t(), link.token, 'open sesame')).body.grant as string;
      expect((await renew(grant)).status).toBe(200);
      await t().client.request('PATCH', `/api/links/${link.id}`, { token: owner.token, json: { password: 'new secret' } });
      expect((await renew(grant)).body.link_refusal).toBe('password_required');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never let more downloads start than max_downloads, however many run at once', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const link = await createLink(t(), owner.token, { type: 'file', id: fileId }, { max_downloads: 3 });
    expect((await t().client.get(`/api/s/${link.token}`)).body.downloads_left).toBe(3);
    const attempts = await Promise.all(Array.from({ length: 12 }, () => t().client.get(`/api/s/${link.token}/download`)));
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 410)).toHaveLength(9);
    const refused = attempts.find((r) => r.status === 410)!;
    expect(refused.body).toEqual({ error: 'This link has reached its download limit.', code: 'linkExhausted', link_refusal: 'exhausted' });
    const listed = await t().client.get('/api/links', { token: owner.token });
    expect(listed.body.links[0]).toMatchObject({ downloads: 3, state: 'exhausted' });
    expect((await t().client.get(`/api/files/${fileId}`, { token: owner.token })).body.file.download_count).toBe(3);
    // Raising the limit opens it again.
    await t().client.request('PATCH', `/api/links/${link.id}`, { token: owner.token, json: { max_downloads: 4 } });
    expect((await t().client.get(`/api/s/${link.token}/download`)).status).toBe(200);
  });

  it('count every range under a download limit, so ranges cannot fetch a file past it; without a limit only those from byte 0 count', async () => {
    const { owner, fileId, content } = await ownerWithFile(t());
    const limited = await createLink(t(), owner.token, { type: 'file', id: fileId }, { max_downloads: 2, allow_preview: false });
    const ranged = (link: { token: string }, range: string) => t().client.get(`/api/s/${link.token}/download`, { headers: { range } });
    const rest = await ranged(limited, 'bytes=1-');
    expect(rest.status).toBe(206);
    expect(rest.text).toBe(content.subarray(1).toString());
    expect((await ranged(limited, 'bytes=3-5')).status).toBe(206);
    expect((await ranged(limited, 'bytes=1-')).status).toBe(410);
    expect((await t().client.get(`/api/files/${fileId}`, { token: owner.token })).body.file.download_count).toBe(2);

    const open = await createLink(t(), owner.token, { type: 'file', id: fileId });
    expect((await ranged(open, 'bytes=1-')).status).toBe(206);
    expect((await ranged(open, 'bytes=0-')).status).toBe(206);
    expect((await t().client.get(`/api/files/${fileId}`, { token: owner.token })).body.file.download_count).toBe(3);
  });

  it('use up no download when the stored bytes cannot be read', async () => {
    const { owner, fileId, content } = await ownerWithFile(t());
    const link = await createLink(t(), owner.token, { type: 'file', id: fileId }, { max_downloads: 1 });
    const store = t().server.ctx.store;
    const open = vi.spyOn(store, 'open').mockRejectedValueOnce(Object.assign(new Error('the disk is gone'), { code: 'EIO' }));
    try {
      // A failure the API does not list, so not through the checked client.
      expect((await fetch(`${t().url}/api/s/${link.token}/download`)).status).toBe(500);
    } finally {
      open.mockRestore();
    }
    expect((await t().client.get(`/api/s/${link.token}`)).body.downloads_left).toBe(1);
    const served = await t().client.get(`/api/s/${link.token}/download`);
    expect(served.status).toBe(200);
    expect(served.text).toBe(content.toString());
    expect((await t().client.get(`/api/files/${fileId}`, { token: owner.token })).body.file.download_count).toBe(1);
  });

  it('show a folder whose subfolders are more than a page lists, however they sort against it', async () => {
    const owner = await ownerWithFile(t());
    const root = await makeFolder(t(), owner.owner.token, 'zzz');
    const now = Date.now();
    const subfolders = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ user_id: owner.owner.user.id, name: `a${String(from + i).padStart(5, '0')}`, parent_id: root.id, is_public: 0, created_at: now, updated_at: now }));
    const add = async (from: number, count: number) => {
      for (let i = 0; i < count; i += 500) await t().server.ctx.db.insertInto('folders').values(subfolders(from + i, Math.min(500, count - i))).execute();
    };
    const link = await createLink(t(), owner.owner.token, { type: 'folder', id: root.id });
    const view = async () => (await t().client.get(`/api/s/${link.token}`)).body.item;

    await add(0, LINK_LIMITS.treeMax);
    expect(await view()).toMatchObject({ folder: { id: root.id, name: 'zzz' }, truncated: false });
    expect((await view()).folders).toHaveLength(LINK_LIMITS.treeMax);
    await add(LINK_LIMITS.treeMax, 1);
    expect(await view()).toMatchObject({ folder: { id: root.id, name: 'zzz' }, truncated: true });
    expect((await view()).folders).toHaveLength(LINK_LIMITS.treeMax);
  });

  it('open nothing but their item: ids in paths cannot reach outside a file or a folder', async () => {
    const owner = await t().client.register();
    const stranger = await t().client.register();
    const root = await makeFolder(t(), owner.token, 'Project');
    const sub = await makeFolder(t(), owner.token, 'Drafts', { parent_id: root.id });
    const elsewhere = await makeFolder(t(), owner.token, 'Private');
    const inRoot = samples.text('in root\n');
    const inRootId = await uploadOne(t().client, owner.token, { name: 'plan.txt', content: inRoot }, { folder_id: String(root.id) });
    const inSub = samples.png();
    const inSubId = await uploadOne(t().client, owner.token, { name: 'sketch.png', content: inSub }, { folder_id: String(sub.id) });
    const outsideId = await uploadOne(t().client, owner.token, { name: 'secret.txt', content: samples.text() }, { folder_id: String(elsewhere.id) });
    const looseId = await uploadOne(t().client, owner.token, { name: 'loose.txt', content: samples.text() });
    const foreignId = await uploadOne(t().client, stranger.token, { name: 'theirs.txt', content: samples.text() });

    const link = await createLink(t(), owner.token, { type: 'folder', id: root.id });
    const view = await t().client.get(`/api/s/${link.token}`);
    expect(view.status).toBe(200);
    expect(view.body.item.folder).toEqual({ id: root.id, name: 'Project', parent_id: null });
    expect(view.body.item.folders).toEqual([{ id: sub.id, name: 'Drafts', parent_id: root.id }]);
    expect(view.body.item.files.map((f: { name: string }) => f.name).sort()).toEqual(['plan.txt', 'sketch.png']);
    expect(view.body.item.size).toBe(inRoot.length + inSub.length);
    expect(view.text).not.toContain('secret.txt');

    const fileUrl = (id: number | string) => `/api/s/${link.token}/files/${id}/download`;
    const sketch = await fetch(t().url + fileUrl(inSubId));
    expect(Buffer.from(await sketch.arrayBuffer()).equals(inSub)).toBe(true);
    expect((await t().client.get(fileUrl(inRootId))).status).toBe(200);
    for (const id of [outsideId, looseId, foreignId, 999_999]) {
      const res = await t().client.get(fileUrl(id));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'File not found' });
    }
    for (const bad of ['..%2F..%2Ffiles%2F1', '-1', '1.5', 'abc']) expect((await t().client.get(fileUrl(bad))).status).toBe(400);

    // A file link opens its file, under no other id.
    const fileLink = await createLink(t(), owner.token, { type: 'file', id: inRootId });
    expect((await t().client.get(`/api/s/${fileLink.token}/files/${inRootId}/download`)).status).toBe(200);
    expect((await t().client.get(`/api/s/${fileLink.token}/files/${outsideId}/download`)).status).toBe(404);
    // Moving a file out of the folder takes it out of the link.
    await t().client.put(`/api/files/${inRootId}`, { token: owner.token, json: { folder_id: elsewhere.id } });
    expect((await t().client.get(fileUrl(inRootId))).status).toBe(404);
  });

  it('serve previews only where the owner allowed them, without counting them', async () => {
    const owner = await t().client.register();
    const pngId = await uploadOne(t().client, owner.token, { name: 'photo.png', content: samples.png() });
    const open = await createLink(t(), owner.token, { type: 'file', id: pngId });
    const closed = await createLink(t(), owner.token, { type: 'file', id: pngId }, { allow_preview: false });
    const preview = await t().client.get(`/api/s/${open.token}/files/${pngId}/download?inline=1`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await t().client.get(`/api/s/${closed.token}/files/${pngId}/download?inline=1`)).status).toBe(403);
    expect((await t().client.get(`/api/s/${closed.token}`)).body.allow_preview).toBe(false);
    const listed = await t().client.get(`/api/links?type=file&id=${pngId}`, { token: owner.token });
    expect(listed.body.links.map((l: { downloads: number }) => l.downloads)).toEqual([0, 0]);
  });

  it('tell the owner, and only the owner, of each download as it starts', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const admin = await t().client.register();
    await t().server.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.id).execute();
    const adminLogin = await t().client.post('/api/auth/login', { json: { username: admin.user.username, password: admin.password } });
    const ownerSocket = await openSocket(t().url, { token: owner.token });
    const adminSocket = await openSocket(t().url, { token: adminLogin.body.token });
    try {
      const link = await createLink(t(), owner.token, { type: 'file', id: fileId });
      await t().client.get(`/api/s/${link.token}/download`);
      const event = await ownerSocket.next((m) => m.type === 'link_downloaded');
      expect(event).toMatchObject({ type: 'link_downloaded', link_id: link.id, download_count: 1 });
      // The admin sees the file's download (as for any file), never the link's own event.
      await adminSocket.next((m) => m.type === 'file_downloaded');
      expect(adminSocket.events().filter((m) => m.type === 'link_downloaded')).toEqual([]);
    } finally {
      ownerSocket.close();
      adminSocket.close();
    }
  });

  it("leave the owner's list once ended, one or all at once; active links and other users' stay", async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const stranger = await t().client.register();
    const item = { type: 'file', id: fileId } as const;
    const active = await createLink(t(), owner.token, item, { label: 'active' });
    const revoked = await createLink(t(), owner.token, item, { label: 'revoked' });
    const expired = await createLink(t(), owner.token, item, { label: 'expired' });
    const usedUp = await createLink(t(), owner.token, item, { label: 'used up', max_downloads: 1 });
    const theirs = await createLink(t(), stranger.token, { type: 'file', id: await uploadOne(t().client, stranger.token, { name: 'x.txt', content: samples.text('x') }) });
    await t().client.delete(`/api/links/${revoked.id}`, { token: owner.token });
    await t().client.delete(`/api/links/${theirs.id}`, { token: stranger.token });
    await t().server.ctx.db.updateTable('links').set({ expires_at: Date.now() - 1 }).where('id', '=', expired.id).execute();
    expect((await t().client.get(`/api/s/${usedUp.token}/download`)).status).toBe(200);
    const remove = (id: number, token = owner.token) => t().client.delete(`/api/links/ended/${id}`, { token });
    const labels = async () => ((await t().client.get('/api/links', { token: owner.token })).body.links as { label: string }[]).map((l) => l.label);

    // An active link is revoked first; someone else's, or an unknown id, is not found.
    const refused = await remove(active.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'Revoke the link before removing it', code: 'linkStillActive' });
    expect((await remove(revoked.id, stranger.token)).status).toBe(404);
    expect((await remove(theirs.id)).status).toBe(404);
    expect((await remove(999_999)).status).toBe(404);
    expect((await remove(revoked.id, '')).status).toBe(401);

    expect((await remove(revoked.id)).status).toBe(204);
    expect((await remove(revoked.id)).status).toBe(404);
    expect(await labels()).toEqual(['used up', 'expired', 'active']);
    expect((await t().client.get(`/api/s/${revoked.token}`)).body.link_refusal).toBe('not_found');

    const all = await t().client.delete('/api/links/ended', { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ removed: 2 });
    expect(await labels()).toEqual(['active']);
    // The stranger's revoked link is theirs to clear.
    expect((await t().client.get('/api/links', { token: stranger.token })).body.links).toHaveLength(1);

    // The download through the removed link still reads in the activity log.
    const admin = await makeAdmin(t());
    const activity = await t().client.get('/api/admin/activity', { token: admin.token });
    expect(activity.status).toBe(200);
    expect(activity.body.activity).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'download', file_id: fileId, via: expect.objectContaining({ kind: 'share_link', label: 'used up' }) })]));
  });

  it('go with their item', async () => {
    const { owner, fileId } = await ownerWithFile(t());
    const link = await createLink(t(), owner.token, { type: 'file', id: fileId });
    await t().client.delete(`/api/files/${fileId}`, { token: owner.token });
    expect((await t().client.get(`/api/s/${link.token}`)).status).toBe(404);
    expect((await t().client.get('/api/links', { token: owner.token })).body.links).toEqual([]);
  });
});

describe('share link passwords under attack', () => {
  it('refuse an address after AUTH_FAILURE_LIMIT wrong passwords on a link, even the right one', async () => {
    await withTestServer({ AUTH_FAILURE_LIMIT: '3', TRUST_PROXY: 'true' }, async (srv) => {
      const { owner, fileId } = await ownerWithFile(srv);
      const link = await createLink(srv, owner.token, { type: 'file', id: fileId }, { password: 'right one' });
      const attacker = createClient(srv.url, { 'x-forwarded-for': '203.0.113.9' });
      for (let i = 0; i < 3; i++) expect((await attacker.post(`/api/s/${link.token}/unlock`, { json: { password: `guess ${i}` } })).status).toBe(401);
      const refused = await attacker.post(`/api/s/${link.token}/unlock`, { json: { password: 'right one' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      // Another address still gets in.
      const visitor = createClient(srv.url, { 'x-forwarded-for': '198.51.100.7' });
      expect((await visitor.post(`/api/s/${link.token}/unlock`, { json: { password: 'right one' } })).status).toBe(200);
    });
  });

  it('refuse an address after AUTH_ADDRESS_FAILURE_LIMIT wrong passwords across links', async () => {
    await withTestServer({ AUTH_ADDRESS_FAILURE_LIMIT: '4', TRUST_PROXY: 'true' }, async (srv) => {
      const { owner, fileId } = await ownerWithFile(srv);
      const links = [];
      for (let i = 0; i < 5; i++) links.push(await createLink(srv, owner.token, { type: 'file', id: fileId }, { password: `pw ${i}` }));
      const attacker = createClient(srv.url, { 'x-forwarded-for': '203.0.113.10' });
      for (let i = 0; i < 4; i++) expect((await attacker.post(`/api/s/${links[i]!.token}/unlock`, { json: { password: 'nope' } })).status).toBe(401);
      expect((await attacker.post(`/api/s/${links[4]!.token}/unlock`, { json: { password: 'nope' } })).status).toBe(429);
    });
  });
});

describe('request logs', () => {
  it('never hold a link token or a grant', () => {
    expect(redactUrl('/api/s/AbC-123_x/files/4/download?grant=eyJ.x.y&inline=1')).toBe('/api/s/[redacted]/files/4/download?grant=[redacted]&inline=1');
    expect(redactUrl('/r/AbC-123_x')).toBe('/r/[redacted]');
    expect(redactUrl('/api/requests/4')).toBe('/api/requests/4');
    // Read as the router reads it: an absolute-form target, percent-escapes.
    expect(redactUrl('http://vault.example/api/s/AbC-123_x?inline=1')).toBe('/api/s/[redacted]?inline=1');
    expect(redactUrl('/api/%73/AbC-123_x/download?%67rant=eyJ.x.y')).toBe('/api/s/[redacted]/download?grant=[redacted]');
  });
});
