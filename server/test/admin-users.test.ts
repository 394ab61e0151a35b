import { pino } from 'pino';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { AdminUserRow } from '@vault/contract';
import { createServer } from '../src/server.js';
import { createClient } from './helpers/client.js';
import { assertStorageConsistent, blobOf, samples, settled, uploadForm, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb, withTestServer } from './helpers/server.js';
import { codeAt, passwordStep, userWithTwoFactor } from './helpers/two-factor.js';
import { openSocket } from './helpers/ws.js';
import { adminSignIn } from './helpers/users.js';

const ADMIN = { username: 'root_admin', password: 'longpassword' };

describeEachDb(
  'managing users',
  (t) => {
    const client = () => t().client;

    const adminToken = () => adminSignIn(client(), ADMIN);

    const rowOf = async (admin: string, id: number) =>
      (await client().get<{ users: AdminUserRow[] }>('/api/admin/users/stats', { token: admin })).body.users.find((u) => u.id === id);

    it('answers 401 to anonymous callers and 403 to users on every user-management route', async () => {
      const alice = await client().register();
      const bob = await client().register();
      for (const [method, path] of [
        ['POST', `/api/admin/users/${bob.user.id}/disable`],
        ['POST', `/api/admin/users/${bob.user.id}/enable`],
        ['POST', `/api/admin/users/${bob.user.id}/reset-password`],
        ['POST', `/api/admin/users/${bob.user.id}/reset-2fa`],
        ['DELETE', `/api/admin/users/${bob.user.id}`],
        ['POST', '/api/admin/users'],
      ] as const) {
        const opts = { json: path === '/api/admin/users' ? { username: 'made_by_alice', email: 'made@example.com' } : { confirm_username: bob.user.username } };
        expect((await client().request(method, path, opts)).status, path).toBe(401);
        expect((await client().request(method, path, { ...opts, token: alice.token })).status, path).toBe(403);
      }
      expect((await client().get('/api/auth/me', { token: bob.token })).status).toBe(200);
    });

    it('disables a user: sign-in refused, sessions and sockets end at once on every instance, public content gone', async () => {
      const admin = await adminToken();
      const bob = await client().register();
      const publicFile = await uploadOne(client(), bob.token, { name: 'open.png', content: samples.png() }, { is_public: 'true' });
      expect((await client().get(`/api/files/public/${publicFile}`)).status).toBe(200);
      const socket = await openSocket(t().url, { token: bob.token });
      await socket.next((m) => m.type === 'ready');
      // A second instance on the same database, as behind a load balancer.
      const twin = await createServer({ ...t().server.config, port: 0 }, pino({ level: 'silent' }));
      try {
        const other = createClient(await twin.listen());
        expect((await other.get('/api/auth/me', { token: bob.token })).status).toBe(200);
        const res = await client().post(`/api/admin/users/${bob.user.id}/disable`, { token: admin });
        expect(res.status, res.text).toBe(200);
        expect(res.body.user).toMatchObject({ id: bob.user.id, disabled: true });
        expect((await other.get('/api/auth/me', { token: bob.token })).status).toBe(401);
        expect((await other.get(`/api/files/public/${publicFile}`)).status).toBe(404);
      } finally {
        await twin.close();
      }
      expect(await socket.closed).toMatchObject({ reason: 'Session has ended' });
      expect((await client().get(`/api/files/public/${publicFile}/download`)).status).toBe(404);
      const listed = await client().get('/api/files/public?limit=100');
      expect(listed.body.files.map((f: { id: number }) => f.id)).not.toContain(publicFile);
      const login = await client().post('/api/auth/login', { json: { username: bob.user.username, password: bob.password } });
      expect(login).toMatchObject({ status: 403, body: { error: 'This account is disabled. Contact an administrator.' } });

      const enabled = await client().post(`/api/admin/users/${bob.user.id}/enable`, { token: admin });
      expect(enabled.body.user.disabled).toBe(false);
      expect((await client().post('/api/auth/login', { json: { username: bob.user.username, password: bob.password } })).status).toBe(200);
      expect((await client().get(`/api/files/public/${publicFile}`)).status).toBe(200);
      // Old sessions stay ended.
      expect((await client().get('/api/auth/me', { token: bob.token })).status).toBe(401);
      const log = await t().server.ctx.db.selectFrom('activity').select(['type', 'detail']).where('type', 'in', ['user_disabled', 'user_enabled']).where('detail', '=', bob.user.username).execute();
      expect(log.map((r) => r.type)).toEqual(['user_disabled', 'user_enabled']);
    });

    it('suspends a disabled user’s public files, public folders, share links and file requests until they are enabled', async () => {
      const admin = await adminToken();
      const bob = await client().register();
      const carol = await client().register();
      const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
      const publicFile = await uploadOne(client(), bob.token, { name: 'open.png', content: picture }, { is_public: 'true' });
      const publicFolder = await makeFolder(t(), bob.token, 'Open folder', { is_public: true });
      const inPublicFolder = await uploadOne(client(), bob.token, { name: 'inside.txt', content: samples.text() }, { folder_id: String(publicFolder.id) });
      const privateFile = await uploadOne(client(), bob.token, { name: 'private.txt', content: samples.text() });
      const sharedFile = await uploadOne(client(), bob.token, { name: 'for-carol.txt', content: samples.text() });
      expect((await client().put(`/api/files/${sharedFile}/share`, { token: bob.token, json: { is_public: false, shared_users: [carol.user.username] } })).status).toBe(200);
      const privateFolder = await makeFolder(t(), bob.token, 'Private folder');
      const link = async (item: object, extra: object = {}) => (await client().post('/api/links', { token: bob.token, json: { item, ...extra } })).body.link.token as string;
      const fileLink = await link({ type: 'file', id: privateFile });
      const folderLink = await link({ type: 'folder', id: privateFolder.id });
      const lockedLink = await link({ type: 'file', id: privateFile }, { password: 'link-password' });
      const request = (await client().post('/api/requests', { token: bob.token, json: { folder_id: privateFolder.id } })).body.request.token as string;

      const publicIds = async () => (await client().get('/api/files/public?limit=100')).body.files.map((f: { id: number }) => f.id);
      /** Each way in that a grant of Bob's opens to someone else, with its status. */
      const answers = async () => ({
        publicFile: (await client().get(`/api/files/public/${publicFile}`)).status,
        publicDownload: (await client().get(`/api/files/public/${publicFile}/download`)).status,
        publicFileSignedIn: (await client().get(`/api/files/${publicFile}`, { token: carol.token })).status,
        publicThumbnail: (await client().get(`/api/files/${publicFile}/thumbnail`)).status,
        listedPublic: (await publicIds()).includes(publicFile),
        publicFolder: (await client().get(`/api/folders/public/${publicFolder.id}`)).status,
        publicFolderSignedIn: (await client().get(`/api/folders/${publicFolder.id}`, { token: carol.token })).status,
        publicFolderFiles: (await client().get(`/api/files?folder_id=${publicFolder.id}`, { token: carol.token })).status,
        fileInPublicFolder: (await client().get(`/api/files/public/${inPublicFolder}/download`)).status,
        fileLink: (await client().get(`/api/s/${fileLink}`)).status,
        fileLinkDownload: (await client().get(`/api/s/${fileLink}/download`)).status,
        folderLink: (await client().get(`/api/s/${folderLink}`)).status,
        folderLinkFile: (await client().get(`/api/s/${folderLink}/download`)).status,
        lockedLinkUnlock: (await client().post(`/api/s/${lockedLink}/unlock`, { json: { password: 'link-password' } })).status,
        request: (await client().get(`/api/r/${request}`)).status,
        requestUpload: (await client().post(`/api/r/${request}/upload`, { body: uploadForm([{ name: 'sent.txt', content: samples.text() }]) })).status,
        // Shares with named users are not public grants: they stay.
        sharedWithCarol: (await client().get(`/api/files/${sharedFile}`, { token: carol.token })).status,
        adminReads: (await client().get(`/api/files/${publicFile}`, { token: admin })).status,
      });
      const open = {
        publicFile: 200,
        publicDownload: 200,
        publicFileSignedIn: 200,
        publicThumbnail: 200,
        listedPublic: true,
        publicFolder: 200,
        publicFolderSignedIn: 200,
        publicFolderFiles: 200,
        fileInPublicFolder: 200,
        fileLink: 200,
        fileLinkDownload: 200,
        folderLink: 200,
        folderLinkFile: 200,
        lockedLinkUnlock: 200,
        request: 200,
        requestUpload: 201,
        sharedWithCarol: 200,
        adminReads: 200,
      };
      expect(await answers()).toEqual(open);

      expect((await client().post(`/api/admin/users/${bob.user.id}/disable`, { token: admin })).status).toBe(200);
      const gone = Object.fromEntries(Object.keys(open).map((k) => [k, 404]));
      expect(await answers()).toEqual({ ...gone, listedPublic: false, sharedWithCarol: 200, adminReads: 200 });
      // A link answers as if it never existed, the refusal the link pages already show.
      expect((await client().get(`/api/s/${fileLink}`)).body).toMatchObject({ link_refusal: 'not_found' });
      expect((await client().get(`/api/r/${request}`)).body).toMatchObject({ link_refusal: 'not_found' });

      expect((await client().post(`/api/admin/users/${bob.user.id}/enable`, { token: admin })).status).toBe(200);
      expect(await answers()).toEqual(open);
    });

    it('resets a password: a temporary one shown once, sessions end, and a new password is demanded first', async () => {
      const admin = await adminToken();
      const bob = await client().register();
      const own = await uploadOne(client(), bob.token, { name: 'bobs.txt', content: Buffer.from('bob’s own') });
      const reset = await client().post(`/api/admin/users/${bob.user.id}/reset-password`, { token: admin });
      expect(reset.status).toBe(200);
      const temporary: string = reset.body.temporary_password;
      expect(temporary).toMatch(/^[A-Za-z2-9]{16}$/);
      expect((await client().get('/api/auth/me', { token: bob.token })).status).toBe(401);
      expect((await client().post('/api/auth/login', { json: { username: bob.user.username, password: bob.password } })).status).toBe(401);
      const login = await client().post('/api/auth/login', { json: { username: bob.user.username, password: temporary } });
      expect(login.status).toBe(200);
      expect(login.body.must_change_password).toBe(true);
      const token = login.body.token;
      expect((await client().get('/api/account', { token })).body.must_change_password).toBe(true);
      const blocked = await client().get('/api/files', { token });
      expect(blocked).toMatchObject({ status: 403, body: { error: 'Choose a new password in Settings before continuing' } });
      // The routes open to everyone take the token for nothing until then: its bearer is anonymous there.
      expect((await client().get(`/api/files/${own}/download`, { token })).status).toBe(401);
      expect((await client().get('/api/auth/me', { token })).status).toBe(200);
      const changed = await client().put('/api/account/password', { token, json: { current_password: temporary, new_password: 'my-own-password' } });
      expect(changed.status).toBe(204);
      expect((await client().get('/api/files', { token })).status).toBe(200);
      expect((await client().get(`/api/files/${own}/download`, { token })).status).toBe(200);
      expect((await client().get('/api/account', { token })).body.must_change_password).toBe(false);
    });

    it('creates an account with a temporary password shown once, to be changed at the first sign-in', async () => {
      const admin = await adminToken();
      const username = `made_${Date.now().toString(36)}`;
      const made = await client().post('/api/admin/users', { token: admin, json: { username, email: `${username}@example.com` } });
      expect(made.status).toBe(201);
      expect(made.body.user).toMatchObject({ username, email: `${username}@example.com`, is_admin: false, file_count: 0, disabled: false });
      const temporary: string = made.body.temporary_password;
      expect(temporary).toMatch(/^[A-Za-z2-9]{16}$/);
      const rows = (await client().get('/api/admin/users/stats', { token: admin })).body.users as AdminUserRow[];
      expect(rows.find((u) => u.username === username)?.id).toBe(made.body.user.id);
      const log = await t().server.ctx.db.selectFrom('activity').select(['type', 'detail']).where('type', '=', 'user_created').where('detail', '=', username).execute();
      expect(log).toHaveLength(1);

      const login = await client().post('/api/auth/login', { json: { username, password: temporary } });
      expect(login.body.must_change_password).toBe(true);
      expect((await client().get('/api/files', { token: login.body.token })).status).toBe(403);
      const changed = await client().put('/api/account/password', { token: login.body.token, json: { current_password: temporary, new_password: 'their-own-password' } });
      expect(changed.status).toBe(204);
      expect((await client().get('/api/files', { token: login.body.token })).status).toBe(200);

      // As at registration: names and e-mails are unique, whatever their case, and validated.
      const again = await client().post('/api/admin/users', { token: admin, json: { username: username.toUpperCase(), email: 'other@example.com' } });
      expect(again).toMatchObject({ status: 409, body: { error: 'Username already taken' } });
      const bad = await client().post('/api/admin/users', { token: admin, json: { username: 'no spaces', email: 'x@example.com' } });
      expect(bad.status).toBe(400);
      const extra = await client().post('/api/admin/users', { token: admin, json: { username: 'with_password', email: 'p@example.com', password: 'chosen' } });
      expect(extra.status).toBe(400);
      const asAdmin = await client().post('/api/admin/users', { token: admin, json: { username: `${username}_adm`, email: `${username}_adm@example.com`, is_admin: true } });
      expect(asAdmin.body.user.is_admin).toBe(true);
    });

    it('resets a user’s two-factor sign-in', async () => {
      const admin = await adminToken();
      const carol = await userWithTwoFactor(client());
      expect((await rowOf(admin, carol.user.id))?.two_factor_enabled).toBe(true);
      const res = await client().post(`/api/admin/users/${carol.user.id}/reset-2fa`, { token: admin });
      expect(res.body.user.two_factor_enabled).toBe(false);
      const login = await client().post('/api/auth/login', { json: { username: carol.user.username, password: carol.password } });
      expect(login.body.token).toBeDefined();
    });

    it('refuses an admin disabling, deleting or resetting themselves, and keeps the last enabled admin', async () => {
      const admin = await adminToken();
      const me = (await client().get('/api/auth/me', { token: admin })).body.user;
      expect(await client().post(`/api/admin/users/${me.id}/disable`, { token: admin })).toMatchObject({ status: 400, body: { error: 'You cannot disable your own account' } });
      const del = await client().delete(`/api/admin/users/${me.id}`, { token: admin, json: { confirm_username: me.username } });
      expect(del).toMatchObject({ status: 400, body: { error: 'You cannot delete your own account' } });
      expect((await client().post(`/api/admin/users/${me.id}/reset-password`, { token: admin })).status).toBe(400);
      const ownTwoFactor = await client().post(`/api/admin/users/${me.id}/reset-2fa`, { token: admin });
      expect(ownTwoFactor).toMatchObject({ status: 400, body: { error: 'Turn off your own two-factor sign-in in Settings, with your password and a code' } });
      expect((await client().put(`/api/admin/users/${me.id}`, { token: admin, json: { is_admin: false } })).status).toBe(400);
      expect((await client().post('/api/admin/users/999999/disable', { token: admin })).status).toBe(404);
    });

    it('deletes a user with their files, folders and shares, releasing each reference exactly once', async () => {
      const admin = await adminToken();
      const dave = await client().register();
      const erin = await client().register();
      const shared = samples.png();
      const solo = samples.pdf();
      await uploadOne(client(), erin.token, { name: 'erin.png', content: shared });
      const folder = await client().post('/api/folders', { token: dave.token, json: { name: 'Projects' } });
      expect(folder.status, folder.text).toBe(201);
      const sub = await client().post('/api/folders', { token: dave.token, json: { name: 'Inner', parent_id: folder.body.folder.id } });
      expect(sub.status, sub.text).toBe(201);
      const inFolder = await uploadOne(client(), dave.token, { name: 'twin.png', content: shared }, { folder_id: String(sub.body.folder.id) });
      await uploadOne(client(), dave.token, { name: 'twin-again.png', content: shared });
      await uploadOne(client(), dave.token, { name: 'solo.pdf', content: solo });
      const share = await client().put(`/api/files/${inFolder}/share`, { token: dave.token, json: { is_public: false, shared_users: [erin.user.username] } });
      expect(share.status, share.text).toBe(200);
      expect((await blobOf(t(), shared))?.ref_count).toBe(3);
      const erinSocket = await openSocket(t().url, { token: erin.token });
      await erinSocket.next((m) => m.type === 'ready');

      const mismatch = await client().delete(`/api/admin/users/${dave.user.id}`, { token: admin, json: { confirm_username: 'someone' } });
      expect(mismatch).toMatchObject({ status: 400, body: { error: 'The username does not match' } });
      expect((await client().delete(`/api/admin/users/${dave.user.id}`, { token: admin })).status).toBe(400);

      const res = await client().delete(`/api/admin/users/${dave.user.id}`, { token: admin, json: { confirm_username: dave.user.username } });
      expect(res.status, res.text).toBe(204);
      await settled(t());
      expect((await blobOf(t(), shared))?.ref_count).toBe(1);
      expect(await blobOf(t(), solo)).toBeUndefined();
      const db = t().server.ctx.db;
      for (const table of ['files', 'folders', 'sessions', 'recovery_codes'] as const) {
        expect(await db.selectFrom(table).select('user_id').where('user_id', '=', dave.user.id).execute(), table).toEqual([]);
      }
      expect(await db.selectFrom('file_shares').select('file_id').where('file_id', '=', inFolder).execute()).toEqual([]);
      expect((await client().get('/api/auth/me', { token: dave.token })).status).toBe(401);
      expect(await erinSocket.next((m) => m.type === 'file_deleted' && m.file_id === inFolder)).toBeDefined();
      erinSocket.close();
      expect((await client().get(`/api/files/${inFolder}`, { token: erin.token })).status).toBe(404);
      expect((await rowOf(admin, erin.user.id))?.used_storage_bytes).toBe(shared.length);
      expect(await rowOf(admin, dave.user.id)).toBeUndefined();
      const log = await db.selectFrom('activity').select('detail').where('type', '=', 'user_deleted').execute();
      expect(log.map((r) => r.detail)).toContain(`${dave.user.username}: 3 files, 2 folders`);
      await assertStorageConsistent(t());
    });

    it('lets an admin with two-factor sign-in complete Admin Login only as an admin', async () => {
      const user = await userWithTwoFactor(client());
      const challenge = await passwordStep(client(), user.user.username, user.password);
      const res = await client().post('/api/auth/login/2fa', { json: { challenge, code: await codeAt(user.secret) } });
      expect(res.status).toBe(200);
      // Admin Login refuses a plain user already at the password step.
      const admin = await client().post('/api/auth/login', { json: { username: user.user.username, password: user.password, mode: 'admin' } });
      expect(admin.status).toBe(403);
    });
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
);

it('REQUIRE_2FA_FOR_ADMINS keeps the admin routes closed until the admin turns on two-factor sign-in', async () => {
  await withTestServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, REQUIRE_2FA_FOR_ADMINS: 'true' }, async (srv) => {
    expect((await srv.client.get('/api/config')).body.require_2fa_for_admins).toBe(true);
    const login = await srv.client.post('/api/auth/login', { json: { ...ADMIN, mode: 'admin' } });
    const token = login.body.token;
    const refused = await srv.client.get('/api/admin/stats', { token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'Turn on two-factor sign-in in Settings to use the admin panel' } });

    // Until then the password alone opens no other user's files through the user routes either.
    const victim = await srv.client.register();
    const secret = await uploadOne(srv.client, victim.token, { name: 'private.txt', content: Buffer.from('victim private data') });
    const readsAsUser = async () => ({
      listed: (await srv.client.get('/api/files', { token })).body.files.some((f: { id: number }) => f.id === secret),
      detail: (await srv.client.get(`/api/files/${secret}`, { token })).status,
      download: (await srv.client.get(`/api/files/${secret}/download`, { token })).status,
      systemWide: (await srv.client.get('/api/files/storage/stats', { token })).body.file_count > 0,
    });
    expect(await readsAsUser()).toEqual({ listed: false, detail: 404, download: 404, systemWide: false });
    // The account stays an admin's: the web sends it to turn on two-factor sign-in.
    expect((await srv.client.get('/api/auth/me', { token })).body.user.is_admin).toBe(true);
    expect((await srv.client.get('/api/account', { token })).body.user.is_admin).toBe(true);

    const setup = await srv.client.post('/api/account/2fa/setup', { token });
    expect((await srv.client.post('/api/account/2fa/enable', { token, json: { password: ADMIN.password, code: await codeAt(setup.body.secret) } })).status).toBe(200);
    expect((await srv.client.get('/api/admin/stats', { token })).status).toBe(200);
    expect(await readsAsUser()).toEqual({ listed: true, detail: 200, download: 200, systemWide: true });
  });
});

it('REQUIRE_2FA_FOR_ADMINS: a signed download or zip link made by an admin without two-factor sign-in reads as a plain user when it is opened', async () => {
  await withTestServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, REQUIRE_2FA_FOR_ADMINS: 'true' }, async (srv) => {
    const token = (await srv.client.post('/api/auth/login', { json: { ...ADMIN, mode: 'admin' } })).body.token;
    const owner = await srv.client.register();
    const file = await uploadOne(srv.client, owner.token, { name: 'public-for-a-while.txt', content: Buffer.from('public for a while') });
    const share = (isPublic: boolean) => srv.client.put(`/api/files/${file}/share`, { token: owner.token, json: { is_public: isPublic, shared_users: [] } });
    expect((await share(true)).status).toBe(200);
    const preview = await srv.client.post(`/api/files/${file}/download-link?inline=1`, { token });
    const zip = await srv.client.post('/api/downloads', { token, json: { file_ids: [file] } });
    const opened = async () => [(await fetch(srv.url + preview.body.url)).status, (await fetch(srv.url + zip.body.url)).status];
    expect(await opened()).toEqual([200, 200]);
    expect((await share(false)).status).toBe(200);
    expect(await opened()).toEqual([404, 404]);
  });
});
