import { expect, it } from 'vitest';
import { ACTIVITY_DETAILS, fillEnglish, type ActivityRow } from '@vault/contract';
import { runMaintenance } from '../src/maintenance.js';
import { ageTrash, samples, uploadForm, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb } from './helpers/server.js';
import { userWithTwoFactor } from './helpers/two-factor.js';
import { adminSignIn } from './helpers/users.js';

const ADMIN = { username: 'root_admin', password: 'longpassword' };
const MB = 1024 * 1024;

describeEachDb(
  'activity details by id',
  (t) => {
    const client = () => t().client;
    const adminToken = () => adminSignIn(client(), ADMIN);

    async function ok(request: Promise<{ status: number; text: string }>, status = 200) {
      const res = await request;
      expect(res.status, res.text).toBe(status);
    }

    /** The audit entries written since `start`, oldest first, as the admin API answers them. */
    async function entriesSince(admin: string, start: number): Promise<ActivityRow[]> {
      const res = await client().get<{ activity: ActivityRow[] }>('/api/admin/activity?limit=200', { token: admin });
      return res.body.activity.filter((r) => r.id > start).reverse();
    }

    /** What a row says of its detail; each one's English is exactly its id's text with its values. */
    function detailsOf(rows: ActivityRow[]) {
      for (const row of rows) {
        if (row.detail_code === null) expect(row.detail, `${row.type} ${row.file_name}`).toBeNull();
        else expect(row.detail).toBe(fillEnglish(ACTIVITY_DETAILS, row.detail_code, row.detail_params ?? {}));
      }
      return rows.map(({ type, file_name, detail_code, detail_params }) => ({ type, file_name, code: detail_code, params: detail_params }));
    }

    it('keeps every file event’s detail by its id and values beside its English', async () => {
      const admin = await adminToken();
      const start = (await client().get<{ activity: ActivityRow[] }>('/api/admin/activity?limit=1', { token: admin })).body.activity[0]?.id ?? 0;
      const alice = await client().register();
      const bob = await client().register();
      const token = alice.token;
      const docs = await makeFolder(t(), token, 'Docs');
      const report = await uploadOne(client(), token, { name: 'report.txt', content: samples.text('first\n') }, { folder_id: String(docs.id) });
      // A new version, its download, its restore and its deletion.
      await ok(client().post('/api/files/upload?on_conflict=version', { token, body: uploadForm([{ name: 'report.txt', content: samples.text('second\n') }], { folder_id: String(docs.id) }) }), 201);
      const versions = (await client().get(`/api/files/${report}/versions`, { token })).body.versions as { id: number; uploaded_at: string }[];
      const first = versions[0]!;
      await ok(client().get(`/api/files/${report}/versions/${first.id}/download`, { token }));
      await ok(client().post(`/api/files/${report}/versions/${first.id}/restore`, { token }));
      const older = ((await client().get(`/api/files/${report}/versions`, { token })).body.versions as { id: number; uploaded_at: string }[])[0]!;
      await ok(client().delete(`/api/files/${report}/versions/${older.id}`, { token }), 204);
      // Copies of a file, and of a folder with it.
      await ok(client().post('/api/files/bulk', { token, json: { action: 'copy', file_ids: [report], folder_id: null } }));
      await ok(client().post('/api/files/bulk', { token, json: { action: 'copy', file_ids: [], folder_ids: [docs.id], folder_id: null } }));
      // Sharing: a file public, private with users, private; a folder the same.
      await ok(client().put(`/api/files/${report}/share`, { token, json: { is_public: true } }));
      await ok(client().put(`/api/files/${report}/share`, { token, json: { is_public: false, shared_users: [bob.user.username] } }));
      await ok(client().put(`/api/files/${report}/share`, { token, json: { is_public: false, shared_users: [] } }));
      await ok(client().put(`/api/folders/${docs.id}/share`, { token, json: { is_public: true } }));
      await ok(client().put(`/api/folders/${docs.id}/share`, { token, json: { is_public: false, shared_users: [bob.user.username] } }));
      await ok(client().put(`/api/folders/${docs.id}/share`, { token, json: { is_public: false, shared_users: [] } }));
      // A folder's zip.
      await ok(client().get(`/api/folders/${docs.id}/download`, { token }));
      // To Trash and out of it for good: a file, then a folder; what stays there is purged.
      const loose = await uploadOne(client(), token, { name: 'loose.txt', content: samples.text() });
      await ok(client().delete(`/api/files/${loose}`, { token }), 204);
      await ok(client().post('/api/trash/delete', { token, json: { file_ids: [loose] } }));
      await ok(client().delete(`/api/folders/${docs.id}`, { token }), 204);
      await ok(client().post('/api/trash/delete', { token, json: { folder_ids: [docs.id] } }));
      const stale = await uploadOne(client(), token, { name: 'stale.txt', content: samples.text() });
      await ok(client().delete(`/api/files/${stale}`, { token }), 204);
      await ageTrash(t(), alice.user.id, 30);
      await runMaintenance(t().server.ctx);
      // An admin's delete names the owner.
      const bobs = await uploadOne(client(), bob.token, { name: 'bobs.txt', content: samples.text() });
      await ok(client().delete(`/api/admin/files/${bobs}`, { token: admin }), 204);

      const rows = detailsOf(await entriesSince(admin, start)).filter((r) => r.code !== null);
      const date = (v: { uploaded_at: string }) => ({ date: new Date(v.uploaded_at).toISOString() });
      const copyInFolder = { code: 'copyWithFolder', params: { name: 'report.txt', folder: 'Docs' } };
      expect(rows).toEqual([
        { type: 'upload', file_name: 'report.txt', code: 'newVersion', params: {} },
        { type: 'download', file_name: 'report.txt', code: 'version', params: date(first) },
        { type: 'upload', file_name: 'report.txt', code: 'restoredVersion', params: date(first) },
        { type: 'delete', file_name: 'report.txt', code: 'version', params: date(older) },
        { type: 'upload', file_name: 'report.txt', code: 'copy', params: { name: 'report.txt' } },
        { type: 'upload', file_name: 'report.txt', ...copyInFolder },
        { type: 'share', file_name: 'report.txt', code: 'sharedPublic', params: {} },
        { type: 'share', file_name: 'report.txt', code: 'sharedWith', params: { users: bob.user.username } },
        { type: 'share', file_name: 'report.txt', code: 'sharedPrivate', params: {} },
        { type: 'share', file_name: 'Docs', code: 'folderSharedPublic', params: {} },
        { type: 'share', file_name: 'Docs', code: 'folderSharedWith', params: { users: bob.user.username } },
        { type: 'share', file_name: 'Docs', code: 'folderSharedPrivate', params: {} },
        { type: 'download', file_name: 'Docs.zip', code: 'zip', params: { count: 1 } },
        { type: 'delete', file_name: 'loose.txt', code: 'toTrash', params: {} },
        { type: 'delete', file_name: 'loose.txt', code: 'fromTrash', params: {} },
        { type: 'delete', file_name: 'report.txt', code: 'withFolderToTrash', params: { folder: 'Docs' } },
        { type: 'delete', file_name: 'report.txt', code: 'withFolderFromTrash', params: { folder: 'Docs' } },
        { type: 'delete', file_name: 'stale.txt', code: 'toTrash', params: {} },
        { type: 'delete', file_name: 'stale.txt', code: 'purgedFromTrash', params: { count: 30 } },
        { type: 'admin_delete', file_name: 'bobs.txt', code: 'ownedBy', params: { owner: bob.user.username } },
      ]);
    });

    it('keeps every account event’s detail by its id and values beside its English', async () => {
      const admin = await adminToken();
      const start = (await client().get<{ activity: ActivityRow[] }>('/api/admin/activity?limit=1', { token: admin })).body.activity[0]?.id ?? 0;
      const alice = await client().register();
      const name = alice.user.username;
      const signIn = async () => (await client().post('/api/auth/login', { json: { username: name, password: alice.password } })).body.token as string;
      // With the registration's session: four, of which one ends alone, then two with "end the others".
      const laptop = await signIn();
      await signIn();
      await signIn();
      const sessions = (await client().get('/api/account/sessions', { token: laptop })).body.sessions as { id: string; current: boolean }[];
      const other = sessions.find((s) => !s.current)!;
      await ok(client().delete(`/api/account/sessions/${other.id}`, { token: laptop }), 204);
      await ok(client().post('/api/account/sessions/end-others', { token: laptop }));
      await signIn();
      await signIn();
      // A password change ends the other two.
      await ok(client().put('/api/account/password', { token: laptop, json: { current_password: alice.password, new_password: 'newpassword456' } }), 204);
      await client().post('/api/auth/login', { json: { username: name, password: 'wrong-password' } });

      // What an admin does to accounts.
      await ok(client().put(`/api/admin/users/${alice.user.id}`, { token: admin, json: { storage_quota_mb: 2048 } }));
      await ok(client().put(`/api/admin/users/${alice.user.id}`, { token: admin, json: { is_admin: true } }));
      await ok(client().put(`/api/admin/users/${alice.user.id}`, { token: admin, json: { storage_quota_mb: 10, is_admin: false } }));
      await ok(client().post(`/api/admin/users/${alice.user.id}/disable`, { token: admin }));
      await ok(client().post(`/api/admin/users/${alice.user.id}/enable`, { token: admin }));
      await ok(client().post(`/api/admin/users/${alice.user.id}/reset-password`, { token: admin }));
      const carol = await userWithTwoFactor(client());
      await ok(client().post(`/api/admin/users/${carol.user.id}/reset-2fa`, { token: admin }));
      const made = await client().post('/api/admin/users', { token: admin, json: { username: `${name}_new`, email: `${name}_new@example.com` } });
      expect(made.status, made.text).toBe(201);
      await uploadOne(client(), carol.token, { name: 'c.txt', content: samples.text() });
      await makeFolder(t(), carol.token, 'Keep');
      await ok(client().delete(`/api/admin/users/${carol.user.id}`, { token: admin, json: { confirm_username: carol.user.username } }), 204);

      const rows = detailsOf(await entriesSince(admin, start)).filter((r) => r.code !== null);
      const person = { name };
      expect(rows.map(({ type, code, params }) => ({ type, code, params }))).toEqual([
        { type: 'sessions_ended', code: 'sessionsEnded', params: { count: 1 } },
        { type: 'sessions_ended', code: 'sessionsEnded', params: { count: 2 } },
        { type: 'password_changed', code: 'otherSessionsEnded', params: { count: 2 } },
        { type: 'login_failed', code: 'account', params: person },
        { type: 'user_update', code: 'quotaChanged', params: { ...person, before: 1024 * MB, after: 2048 * MB } },
        { type: 'user_update', code: 'adminGranted', params: person },
        { type: 'user_update', code: 'quotaChangedAdminRemoved', params: { ...person, before: 2048 * MB, after: 10 * MB } },
        { type: 'user_disabled', code: 'account', params: person },
        { type: 'user_enabled', code: 'account', params: person },
        { type: 'password_reset', code: 'account', params: person },
        { type: 'two_factor_reset', code: 'account', params: { name: carol.user.username } },
        { type: 'user_created', code: 'account', params: { name: `${name}_new` } },
        { type: 'user_deleted', code: 'userDeleted', params: { name: carol.user.username, files: 1, folders: 1 } },
      ]);
      const quota = (await entriesSince(admin, start)).find((r) => r.detail_code === 'quotaChanged');
      expect(quota?.detail).toBe(`${name}: quota 1024 MB → 2048 MB`);
    });

    it('leaves rows written before the ids with their English alone', async () => {
      const admin = await adminToken();
      await t().server.ctx.db.insertInto('activity').values({ type: 'delete', user_id: null, file_name: 'old.txt', detail: 'to Trash', at: Date.now() }).execute();
      const [row] = (await client().get<{ activity: ActivityRow[] }>('/api/admin/activity?limit=1', { token: admin })).body.activity;
      expect(row).toMatchObject({ file_name: 'old.txt', detail: 'to Trash', detail_code: null, detail_params: null });
    });
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
);
