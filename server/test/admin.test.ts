import { expect, it } from 'vitest';
import type { ActivityRow, AdminStatsResponse, AdminUserRow } from '@vault/contract';
import { recordActivity } from '../src/domain/shared/activity.js';
import type { RequestOptions } from './helpers/client.js';
import { assertStorageConsistent, blobOf, objectFiles, samples, settled, upload, uploadForm, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb } from './helpers/server.js';
import { adminSignIn } from './helpers/users.js';

const ADMIN = { username: 'root_admin', password: 'longpassword' };
const MB = 1024 * 1024;
const DAY_MS = 86_400_000;

describeEachDb(
  'admin API',
  (t) => {
    const adminToken = () => adminSignIn(t().client, ADMIN);

    /** Registers a user and gives them the content; the same content for both makes a cross-user twin. */
    async function twinFiles() {
      const alice = await t().client.register();
      const bob = await t().client.register();
      const content = samples.png();
      const aliceFile = await uploadOne(t().client, alice.token, { name: 'holiday.png', content });
      const bobFile = await uploadOne(t().client, bob.token, { name: 'copy.png', content });
      return { alice, bob, content, aliceFile, bobFile };
    }

    const stats = async (token: string) => (await t().client.get<AdminStatsResponse>('/api/admin/stats', { token })).body;
    const activity = async (token: string, query = '') =>
      (await t().client.get<{ activity: ActivityRow[] }>(`/api/admin/activity${query}`, { token })).body.activity;
    const userRow = async (token: string, id: number) =>
      (await t().client.get<{ users: AdminUserRow[] }>('/api/admin/users/stats', { token })).body.users.find((u) => u.id === id);

    it('answers 401 to anonymous callers, 403 to users and 200 to admins on every admin route', async () => {
      const admin = await adminToken();
      const { alice, aliceFile } = await twinFiles();
      const routes: { method: string; path: string; opts?: RequestOptions; ok: number }[] = [
        { method: 'GET', path: '/api/admin/stats', ok: 200 },
        { method: 'GET', path: '/api/admin/files', ok: 200 },
        { method: 'GET', path: '/api/admin/files/top', ok: 200 },
        { method: 'GET', path: '/api/admin/users/stats', ok: 200 },
        { method: 'PUT', path: `/api/admin/users/${alice.user.id}`, opts: { json: { storage_quota_mb: 2048 } }, ok: 200 },
        { method: 'GET', path: '/api/admin/activity', ok: 200 },
        // Last: it removes the file the others could have used.
        { method: 'DELETE', path: `/api/admin/files/${aliceFile}`, ok: 204 },
      ];
      for (const route of routes) {
        const label = `${route.method} ${route.path}`;
        const anonymous = await t().client.request(route.method, route.path, route.opts);
        expect(anonymous.status, label).toBe(401);
        const user = await t().client.request(route.method, route.path, { ...route.opts, token: alice.token });
        expect(user.status, label).toBe(403);
        expect(user.body, label).toMatchObject({ error: 'Administrator access required' });
        const ok = await t().client.request(route.method, route.path, { ...route.opts, token: admin });
        expect(ok.status, `${label}: ${ok.text}`).toBe(route.ok);
      }
      // The user's refused attempts changed nothing.
      expect((await t().client.get(`/api/files/${aliceFile}`, { token: alice.token })).status).toBe(404);
      expect((await userRow(admin, alice.user.id))?.storage_quota_mb).toBe(2048);
    });

    it('reports global storage with deduplication, downloads and public files', async () => {
      const admin = await adminToken();
      const before = await stats(admin);
      const { alice, content } = await twinFiles();
      const other = samples.pdf();
      const publicFile = await uploadOne(t().client, alice.token, { name: 'open.pdf', content: other }, { is_public: 'true' });
      expect((await t().client.get(`/api/files/public/${publicFile}/download`)).status).toBe(200);
      const after = await stats(admin);

      expect(after.stats.total_users - before.stats.total_users).toBe(2);
      expect(after.stats.total_files - before.stats.total_files).toBe(3);
      expect(after.stats.logical_storage_bytes - before.stats.logical_storage_bytes).toBe(2 * content.length + other.length);
      expect(after.stats.total_storage_bytes - before.stats.total_storage_bytes).toBe(content.length + other.length);
      expect(after.stats.savings_bytes - before.stats.savings_bytes).toBe(content.length);
      expect(after.stats.savings_bytes).toBe(after.stats.logical_storage_bytes - after.stats.total_storage_bytes);
      expect(after.stats.savings_percentage).toBeCloseTo((100 * after.stats.savings_bytes) / after.stats.logical_storage_bytes, 1);
      expect(after.stats.total_downloads - before.stats.total_downloads).toBe(1);
      expect(after.stats.public_files - before.stats.public_files).toBe(1);
      // A file in Trash is still stored and counted, and said to be in Trash.
      expect((await t().client.delete(`/api/files/${publicFile}`, { token: alice.token })).status).toBe(204);
      const trashed = await stats(admin);
      expect(trashed.stats.total_files).toBe(after.stats.total_files);
      expect(trashed.stats.trash_files - after.stats.trash_files).toBe(1);
      expect(trashed.stats.public_files - after.stats.public_files).toBe(-1);

      const today = new Date().toISOString().slice(0, 10);
      expect(after.timeline).toHaveLength(30);
      expect(after.timeline.at(-1)?.date).toBe(today);
      expect(after.timeline.at(-1)!.uploads - before.timeline.at(-1)!.uploads).toBe(3);
      expect(after.timeline.at(-1)!.downloads - before.timeline.at(-1)!.downloads).toBe(1);
    });

    it('counts uploads and downloads per UTC day over exactly the last 30 days', async () => {
      const admin = await adminToken();
      const db = t().server.ctx.db;
      const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const before = (await stats(admin)).timeline;
      await recordActivity(db, { type: 'upload', userId: null }, today - 29 * DAY_MS);
      await recordActivity(db, { type: 'upload', userId: null }, today - 29 * DAY_MS + DAY_MS - 1);
      await recordActivity(db, { type: 'download', userId: null }, today - 10 * DAY_MS + 5);
      await recordActivity(db, { type: 'upload', userId: null }, today - 30 * DAY_MS + DAY_MS - 1); // the day before the window
      await recordActivity(db, { type: 'login', userId: null }, today - 10 * DAY_MS);
      const after = (await stats(admin)).timeline;

      expect(after.map((d) => d.date)).toEqual(
        Array.from({ length: 30 }, (_, i) => new Date(today - (29 - i) * DAY_MS).toISOString().slice(0, 10)),
      );
      const delta = after.map((d, i) => ({ uploads: d.uploads - before[i]!.uploads, downloads: d.downloads - before[i]!.downloads }));
      expect(delta[0]).toEqual({ uploads: 2, downloads: 0 });
      expect(delta[19]).toEqual({ uploads: 0, downloads: 1 });
      expect(delta.reduce((n, d) => n + d.uploads + d.downloads, 0)).toBe(3);
    });

    it('lists every file with its uploader and global reference counts, searched, sorted and paged', async () => {
      const admin = await adminToken();
      const { alice, bob, bobFile, aliceFile } = await twinFiles();
      const marker = `zq${Date.now().toString(36)}`;
      for (let i = 0; i < 3; i += 1) await uploadOne(t().client, bob.token, { name: `${marker}-${i}.txt`, content: samples.text() });

      const all = await t().client.get('/api/admin/files', { token: admin });
      expect(all.status).toBe(200);
      expect(Object.keys(all.body).sort()).toEqual(['files', 'total']);
      expect(all.body.files.length).toBeLessThanOrEqual(50);
      const byId = new Map(all.body.files.map((f: { id: number }) => [f.id, f]));
      expect(byId.get(aliceFile)).toMatchObject({ username: alice.user.username, reference_count: 2, is_duplicate: false });
      expect(byId.get(bobFile)).toMatchObject({ username: bob.user.username, reference_count: 2, is_duplicate: true });

      const found = await t().client.get(`/api/admin/files?search=${marker}&sort_by=original_name&sort_order=asc&limit=2`, { token: admin });
      expect(found.body.total).toBe(3);
      expect(found.body.files.map((f: { original_name: string }) => f.original_name)).toEqual([`${marker}-0.txt`, `${marker}-1.txt`]);
      const second = await t().client.get(`/api/admin/files?search=${marker}&sort_by=original_name&sort_order=asc&limit=2&page=2`, { token: admin });
      expect(second.body.files.map((f: { original_name: string }) => f.original_name)).toEqual([`${marker}-2.txt`]);

      for (const bad of ['page=0', 'limit=1001', 'sort_by=password', 'sort_order=up', `search=${'x'.repeat(201)}`]) {
        const res = await t().client.get(`/api/admin/files?${bad}`, { token: admin });
        expect(res.status, bad).toBe(400);
        expect(typeof res.body.error).toBe('string');
      }
    });

    it("deletes another user's file, releasing one reference and keeping the twin", async () => {
      const admin = await adminToken();
      const { alice, bob, content, aliceFile, bobFile } = await twinFiles();
      const blob = await blobOf(t(), content);
      expect(blob?.ref_count).toBe(2);

      expect((await t().client.delete(`/api/admin/files/${bobFile}`, { token: admin })).status).toBe(204);
      expect((await blobOf(t(), content))?.ref_count).toBe(1);
      const [row] = await activity(admin, '?limit=1');
      expect(row).toMatchObject({ type: 'admin_delete', file_id: bobFile, file_name: 'copy.png', username: ADMIN.username, detail: `owner: ${bob.user.username}` });
      expect(objectFiles(t().dataDir)).toContain(blob!.storage_key);
      const twin = await fetch(`${t().url}/api/files/${aliceFile}/download`, { headers: { authorization: `Bearer ${alice.token}` } });
      expect(twin.status).toBe(200);
      expect(Buffer.from(await twin.arrayBuffer()).equals(content)).toBe(true);
      expect((await t().client.get(`/api/files/${bobFile}`, { token: bob.token })).status).toBe(404);
      await assertStorageConsistent(t());


      expect((await t().client.delete(`/api/admin/files/${bobFile}`, { token: admin })).body).toMatchObject({ error: 'File not found' });
      expect((await t().client.delete('/api/admin/files/abc', { token: admin })).status).toBe(400);

      expect((await t().client.delete(`/api/admin/files/${aliceFile}`, { token: admin })).status).toBe(204);
      await settled(t());
      expect(await blobOf(t(), content)).toBeUndefined();
      expect(objectFiles(t().dataDir)).not.toContain(blob!.storage_key);
      await assertStorageConsistent(t());
    });

    it("downloads any user's private file in a new tab through a signed link", async () => {
      const admin = await adminToken();
      const { alice, content, aliceFile } = await twinFiles();
      const link = await t().client.post(`/api/files/${aliceFile}/download-link`, { token: admin });
      expect(link.status).toBe(200);
      const res = await fetch(t().url + link.body.url); // no Authorization header, as in a new tab
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
      const [row] = await activity(admin, '?limit=1');
      expect(row).toMatchObject({ type: 'download', file_id: aliceFile, username: ADMIN.username });
      expect((await t().client.get(`/api/files/${aliceFile}`, { token: alice.token })).body.file.download_count).toBe(1);
    });

    it('ranks the most downloaded files', async () => {
      const admin = await adminToken();
      const owner = await t().client.register();
      const ids: number[] = [];
      for (const name of ['one.txt', 'two.txt', 'three.txt']) ids.push(await uploadOne(t().client, owner.token, { name, content: samples.text() }));
      const downloads = [1, 3, 2];
      for (const [i, n] of downloads.entries()) {
        for (let k = 0; k < n; k += 1) await t().client.get(`/api/files/${ids[i]}/download`, { token: owner.token });
      }
      const top = await t().client.get('/api/admin/files/top?limit=100', { token: admin });
      const mine = top.body.files.filter((f: { id: number }) => ids.includes(f.id));
      expect(mine).toEqual([
        { id: ids[1], original_name: 'two.txt', username: owner.user.username, download_count: 3, file_size: expect.any(Number) },
        { id: ids[2], original_name: 'three.txt', username: owner.user.username, download_count: 2, file_size: expect.any(Number) },
        { id: ids[0], original_name: 'one.txt', username: owner.user.username, download_count: 1, file_size: expect.any(Number) },
      ]);
      const counts = top.body.files.map((f: { download_count: number }) => f.download_count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      expect(counts.every((n: number) => n > 0)).toBe(true);
      expect((await t().client.get('/api/admin/files/top', { token: admin })).body.files.length).toBeLessThanOrEqual(10);
      expect((await t().client.get('/api/admin/files/top?limit=1', { token: admin })).body.files).toHaveLength(1);
      for (const bad of ['limit=0', 'limit=101', 'limit=ten']) {
        expect((await t().client.get(`/api/admin/files/top?${bad}`, { token: admin })).status, bad).toBe(400);
      }
    });

    it("reports each user's files, charged storage, downloads and quota", async () => {
      const admin = await adminToken();
      const { alice, bob, content, aliceFile } = await twinFiles();
      await uploadOne(t().client, alice.token, { name: 'again.png', content }); // her own copy costs nothing more
      await t().client.get(`/api/files/${aliceFile}/download`, { token: alice.token });
      const res = await t().client.get('/api/admin/users/stats', { token: admin });
      const rows: AdminUserRow[] = res.body.users;
      expect(rows.find((u) => u.id === alice.user.id)).toEqual({
        id: alice.user.id,
        username: alice.user.username,
        email: alice.user.email,
        file_count: 2,
        used_storage_bytes: content.length,
        total_downloads: 1,
        created_at: alice.user.created_at,
        storage_quota_mb: 1024,
        is_admin: false,
        disabled: false,
        two_factor_enabled: false,
      });
      expect(rows.find((u) => u.id === bob.user.id)).toMatchObject({ file_count: 1, used_storage_bytes: content.length, total_downloads: 0 });
      expect(rows.find((u) => u.username === ADMIN.username)?.is_admin).toBe(true);
    });

    it('changes a quota, which uploads obey at once (507), and audits it', async () => {
      const admin = await adminToken();
      const user = await t().client.register();
      const big = { name: 'big.txt', content: Buffer.alloc(Math.round(1.5 * MB), 'a') };

      const lowered = await t().client.put(`/api/admin/users/${user.user.id}`, { token: admin, json: { storage_quota_mb: 1 } });
      expect(lowered.status).toBe(200);
      expect(lowered.body.user).toMatchObject({ id: user.user.id, storage_quota_mb: 1, is_admin: false });
      expect((await t().client.get('/api/auth/stats', { token: user.token })).body.storage_quota_mb).toBe(1);
      const refused = await upload(t().client, user.token, [big]);
      expect(refused.status).toBe(507);
      // The sentence's id travels with it, so the web can say it in the user's language.
      expect(refused.body).toMatchObject({ error: 'Storage quota exceeded', code: 'quotaExceeded' });
      expect(refused.body.results).toEqual([{ ok: false, name: 'big.txt', error: 'Storage quota exceeded', code: 'quotaExceeded', status: 507 }]);

      const [audit] = await activity(admin, '?limit=1');
      expect(audit).toMatchObject({ type: 'user_update', username: ADMIN.username, detail: `${user.user.username}: quota 1024 MB → 1 MB` });

      expect((await t().client.put(`/api/admin/users/${user.user.id}`, { token: admin, json: { storage_quota_mb: 2 } })).status).toBe(200);
      expect((await upload(t().client, user.token, [big])).status).toBe(201);
      await assertStorageConsistent(t());
    });

    it('grants and removes admin access, never the caller’s own', async () => {
      const admin = await adminToken();
      const user = await t().client.register();
      const put = (id: number, json: unknown, token = admin) => t().client.put(`/api/admin/users/${id}`, { token, json });

      expect((await put(user.user.id, { is_admin: true })).body.user.is_admin).toBe(true);
      expect((await t().client.get('/api/admin/stats', { token: user.token })).status).toBe(200);
      const [granted] = await activity(admin, '?limit=1');
      expect(granted?.detail).toBe(`${user.user.username}: admin access granted`);

      // The new admin cannot demote themselves either; the first admin can demote them.
      const self = await put(user.user.id, { is_admin: false }, user.token);
      expect(self.status).toBe(400);
      expect(self.body).toMatchObject({ error: 'You cannot remove your own administrator access' });
      expect((await put(user.user.id, { is_admin: false })).body.user.is_admin).toBe(false);
      expect((await t().client.get('/api/admin/stats', { token: user.token })).status).toBe(403);

      const me = (await t().client.get('/api/auth/me', { token: admin })).body.user;
      expect((await put(me.id, { is_admin: false })).body).toMatchObject({ error: 'You cannot remove your own administrator access' });
      expect((await put(me.id, { is_admin: true, storage_quota_mb: 4096 })).body.user).toMatchObject({ is_admin: true, storage_quota_mb: 4096 });

      expect((await put(99_999_999, { storage_quota_mb: 5 })).status).toBe(404);
      expect((await put(99_999_999, { storage_quota_mb: 5 })).body).toMatchObject({ error: 'User not found' });
      for (const bad of [{}, { storage_quota_mb: 0 }, { storage_quota_mb: 1.5 }, { storage_quota_mb: '5' }, { is_admin: 'yes' }, { role: 'admin' }, []]) {
        const res = await put(user.user.id, bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(typeof res.body.error).toBe('string');
      }
      expect((await t().client.put(`/api/admin/users/abc`, { token: admin, json: { is_admin: true } })).status).toBe(400);
    });

    it('filters the log by kind: uploads and downloads only, or any kinds asked for', async () => {
      const admin = await adminToken();
      const start = (await activity(admin, '?limit=1'))[0]?.id ?? 0;
      const user = await t().client.register();
      const fileId = await uploadOne(t().client, user.token, { name: 'kinds.txt', content: samples.text() });
      await t().client.get(`/api/files/${fileId}/download`, { token: user.token });
      await t().client.put(`/api/files/${fileId}/share`, { token: user.token, json: { is_public: true } });
      await t().client.post('/api/auth/login', { json: { username: user.user.username, password: user.password } });

      const since = (rows: ActivityRow[]) => rows.filter((r) => r.id > start).map((r) => r.type).reverse();
      expect(since(await activity(admin, '?limit=200&type=upload&type=download'))).toEqual(['upload', 'download']);
      expect(since(await activity(admin, '?limit=200&type=share'))).toEqual(['share']);
      expect(since(await activity(admin, '?limit=200'))).toEqual(['upload', 'download', 'share', 'login']);
      const bad = await t().client.get('/api/admin/activity?type=everything', { token: admin });
      expect(bad.status).toBe(400);
      expect(typeof bad.body.error).toBe('string');
    });

    it('records every kind of event in the audit log, kept after the file is gone', async () => {
      const admin = await adminToken();
      const start = (await activity(admin, '?limit=1'))[0]?.id ?? 0;
      const user = await t().client.register();
      const fileId = await uploadOne(t().client, user.token, { name: 'audit.txt', content: samples.text() });
      await t().client.get(`/api/files/${fileId}/download`, { token: user.token });
      await t().client.put(`/api/files/${fileId}/share`, { token: user.token, json: { is_public: true } });
      await t().client.delete(`/api/files/${fileId}`, { token: user.token });
      const doomed = await uploadOne(t().client, user.token, { name: 'doomed.txt', content: samples.text() });
      await t().client.delete(`/api/admin/files/${doomed}`, { token: admin });
      await t().client.post('/api/auth/login', { json: { username: user.user.username, password: user.password } });
      await t().client.post('/api/auth/login', { json: { username: user.user.username, password: 'wrong-password' } });
      await t().client.post('/api/auth/login', { json: { username: 'nobody_here', password: 'wrong-password' } });
      await t().client.put(`/api/admin/users/${user.user.id}`, { token: admin, json: { storage_quota_mb: 77 } });

      const rows = (await activity(admin, '?limit=200')).filter((r) => r.id > start).reverse();
      const name = user.user.username;
      expect(rows.map(({ type, file_name, file_id, username, detail }) => ({ type, file_name, file_id, username, detail }))).toEqual([
        { type: 'upload', file_name: 'audit.txt', file_id: fileId, username: name, detail: null },
        { type: 'download', file_name: 'audit.txt', file_id: fileId, username: name, detail: null },
        { type: 'share', file_name: 'audit.txt', file_id: fileId, username: name, detail: 'public' },
        { type: 'delete', file_name: 'audit.txt', file_id: fileId, username: name, detail: 'to Trash' },
        { type: 'upload', file_name: 'doomed.txt', file_id: doomed, username: name, detail: null },
        { type: 'admin_delete', file_name: 'doomed.txt', file_id: doomed, username: ADMIN.username, detail: `owner: ${name}` },
        { type: 'login', file_name: null, file_id: null, username: name, detail: null },
        { type: 'login_failed', file_name: null, file_id: null, username: name, detail: name },
        // A name that matches no account is not kept: it may be a password typed into the wrong box.
        { type: 'login_failed', file_name: null, file_id: null, username: null, detail: null },
        { type: 'user_update', file_name: null, file_id: null, username: ADMIN.username, detail: `${name}: quota 1024 MB → 77 MB` },
      ]);
      for (const row of rows) expect(Date.now() - Date.parse(row.date)).toBeLessThan(60_000);
    });

    it('tells how a transfer without an account came: a share link, a file request and the name its visitor gave, or a public file', async () => {
      const admin = await adminToken();
      const start = (await activity(admin, '?limit=1'))[0]?.id ?? 0;
      const owner = await t().client.register();
      const shared = await uploadOne(t().client, owner.token, { name: 'shared.txt', content: samples.text() });
      const link = (await t().client.post('/api/links', { token: owner.token, json: { item: { type: 'file', id: shared }, label: 'for Anna' } })).body.link;
      expect((await fetch(`${t().url}/api/s/${link.token}/download`)).status).toBe(200);
      await t().client.put(`/api/files/${shared}/share`, { token: owner.token, json: { is_public: true } });
      expect((await fetch(`${t().url}/api/files/public/${shared}/download`)).status).toBe(200);
      const folder = await makeFolder(t(), owner.token, 'Inbox');
      const request = (await t().client.post('/api/requests', { token: owner.token, json: { folder_id: folder.id } })).body.request;
      for (const [name, fields] of [['scan.txt', { uploader_name: 'Bob Visitor' }], ['note.txt', {}]] as const) {
        const sent = await fetch(`${t().url}/api/r/${request.token}/upload`, { method: 'POST', body: uploadForm([{ name, content: samples.text() }], fields) });
        expect(sent.status).toBe(201);
      }

      const rows = (await activity(admin, '?limit=200&type=upload&type=download')).filter((r) => r.id > start).reverse();
      expect(rows.map(({ type, file_name, username, detail, via }) => ({ type, file_name, username, detail, via }))).toEqual([
        { type: 'upload', file_name: 'shared.txt', username: owner.user.username, detail: null, via: null },
        { type: 'download', file_name: 'shared.txt', username: null, detail: null, via: { kind: 'share_link', link_id: link.id, label: 'for Anna', visitor: null } },
        { type: 'download', file_name: 'shared.txt', username: null, detail: null, via: null },
        // The files and their entries are the owner's; the entries say who sent them, and through which request.
        { type: 'upload', file_name: 'scan.txt', username: owner.user.username, detail: null, via: { kind: 'file_request', link_id: request.id, label: null, visitor: 'Bob Visitor' } },
        { type: 'upload', file_name: 'note.txt', username: owner.user.username, detail: null, via: { kind: 'file_request', link_id: request.id, label: null, visitor: null } },
      ]);
    });

    it('keeps the name typed at a failed sign-in only when it names an account', async () => {
      const admin = await adminToken();
      const user = await t().client.register();
      const start = (await activity(admin, '?limit=1'))[0]?.id ?? 0;
      const typed = user.user.username.toUpperCase();
      await t().client.post('/api/auth/login', { json: { username: typed, password: 'wrong-password' } });
      // A password typed into the name box, then the name into the password box.
      await t().client.post('/api/auth/login', { json: { username: 'Tr0ub4dor&3-secret', password: user.user.username } });

      const rows = (await activity(admin, '?limit=200')).filter((r) => r.id > start).reverse();
      expect(rows.map(({ type, username, detail }) => ({ type, username, detail }))).toEqual([
        { type: 'login_failed', username: user.user.username, detail: typed },
        { type: 'login_failed', username: null, detail: null },
      ]);
      const stored = await t().server.ctx.db.selectFrom('activity').select('detail').where('id', '>', start).execute();
      expect(JSON.stringify(stored)).not.toContain('Tr0ub4dor');
    });

    it('pages back in time with before', async () => {
      const admin = await adminToken();
      const user = await t().client.register();
      for (let i = 0; i < 5; i += 1) await uploadOne(t().client, user.token, { name: `page-${i}.txt`, content: samples.text() });

      const latest = await activity(admin, '?limit=25');
      const first = await activity(admin, '?limit=3');
      const second = await activity(admin, `?limit=3&before=${first.at(-1)!.id}`);
      expect([...first, ...second].map((r) => r.id)).toEqual(latest.slice(0, 6).map((r) => r.id));
      expect(first.map((r) => r.file_name)).toEqual(['page-4.txt', 'page-3.txt', 'page-2.txt']);
      expect(second.slice(0, 2).map((r) => r.file_name)).toEqual(['page-1.txt', 'page-0.txt']);
      expect(await activity(admin, '?before=1')).toEqual([]);
      expect((await activity(admin)).length).toBeLessThanOrEqual(20);
      for (const bad of ['before=0', 'before=x', 'limit=0', 'limit=201']) {
        expect((await t().client.get(`/api/admin/activity?${bad}`, { token: admin })).status, bad).toBe(400);
      }
    });
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
);
