import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrateStorage } from '../src/migrate-storage.js';
import { createServer } from '../src/server.js';
import { createClient } from './helpers/client.js';
import { objectFiles, samples, sha256, upload, uploadOne } from './helpers/files.js';
import { startS3 } from './helpers/s3.js';
import { codeAt, passwordStep, userWithTwoFactor } from './helpers/two-factor.js';
import { dropSchema, freshEnv, startTestServer } from './helpers/server.js';

const PG = process.env.TEST_DATABASE_URL;

/** An embedded installation with users, duplicates, a folder tree, shares, public files and a file in Trash; left on disk. */
async function embeddedInstallation() {
  const srv = await startTestServer('sqlite');
  const alice = await srv.client.register();
  const bob = await srv.client.register();
  const db = srv.server.ctx.db;
  const now = Date.now();
  const child = await db.insertInto('folders').values({ user_id: alice.user.id, name: 'Child', parent_id: null, is_public: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const parent = await db.insertInto('folders').values({ user_id: alice.user.id, name: 'Parent', parent_id: null, is_public: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  // The child was created first and moved under a later parent: its parent has the larger id.
  await db.updateTable('folders').set({ parent_id: parent.id }).where('id', '=', child.id).execute();
  const photo = samples.png();
  const firstEdition = samples.pdf('first edition');
  const ids = {
    photo: await uploadOne(srv.client, alice.token, { name: 'photo.png', content: photo }, { tags: ['holiday'] }),
    copy: await uploadOne(srv.client, alice.token, { name: 'copy.png', content: photo }, { folder_id: String(child.id) }),
    bobs: await uploadOne(srv.client, bob.token, { name: 'same.png', content: photo }, { is_public: 'true' }),
    doc: await uploadOne(srv.client, alice.token, { name: 'doc.pdf', content: firstEdition }),
    trashed: await uploadOne(srv.client, alice.token, { name: 'old.txt', content: samples.text() }),
  };
  await srv.client.delete(`/api/files/${ids.trashed}`, { token: alice.token });
  await srv.client.put(`/api/files/${ids.doc}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
  await srv.client.get(`/api/files/${ids.photo}/download`, { token: alice.token });
  // doc.pdf gets a second content: the first stays as a version.
  const replaced = await upload(srv.client, alice.token, [{ name: 'doc.pdf', content: samples.pdf('second edition') }], { on_conflict: 'version' });
  expect(replaced.status).toBe(201);
  const link = await srv.client.post('/api/links', { token: alice.token, json: { item: { type: 'file', id: ids.photo }, password: 'link secret 1', max_downloads: 3 } });
  const fileRequest = await srv.client.post('/api/requests', { token: alice.token, json: { folder_id: child.id } });
  expect([link.status, fileRequest.status]).toEqual([201, 201]);
  const aliceFiles = (await srv.client.get('/api/files?sort_by=original_name&sort_order=asc', { token: alice.token })).body.files;
  const carol = await userWithTwoFactor(srv.client);
  await srv.server.close();
  // As an embedded installation keeps the secret it generated (and sealed carol's TOTP secret under).
  fs.writeFileSync(path.join(srv.dataDir, 'jwt-secret'), srv.server.config.jwtSecret!);
  const links = { share: link.body.link.token as string, request: fileRequest.body.request.token as string };
  return { dataDir: srv.dataDir, alice, bob, carol, ids, photo, firstEdition, aliceFiles, links, folders: { child: child.id, parent: parent.id } };
}

describe.runIf(PG)('vault migrate-storage', () => {
  it('moves an embedded installation to PostgreSQL and S3, verified, with ids kept', async () => {
    const source = await embeddedInstallation();
    const s3 = await startS3();
    // The target has a secret of its own: TOTP secrets are opened with the source's and sealed again.
    const { env, schema } = freshEnv('postgres', { ...s3.env, JWT_SECRET: 'the-target-installation-has-its-own-secret' });
    const config = loadConfig(env);
    try {
      const report = await migrateStorage(source.dataDir, config);
      expect(report.objects).toBe(4);
      expect(report.rows).toMatchObject({ users: 3, files: 5, folders: 2, file_shares: 1, file_tags: 1 });

      const target = await createServer(config, pino({ level: 'silent' }));
      try {
        const client = createClient(await target.listen());
        const login = await client.post('/api/auth/login', { json: { username: source.alice.user.username, password: source.alice.password } });
        expect(login.status).toBe(200);
        const token = login.body.token;
        const files = (await client.get('/api/files?sort_by=original_name&sort_order=asc', { token })).body.files;
        expect(files).toEqual(source.aliceFiles);
        expect((await client.get('/api/trash', { token })).body.items.map((i: { id: number }) => i.id)).toEqual([source.ids.trashed]);
        const download = await fetch(`${client.url}/api/files/${source.ids.copy}/download`, { headers: { authorization: `Bearer ${token}` } });
        expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(source.photo));
        const bobLogin = await client.post('/api/auth/login', { json: { username: source.bob.user.username, password: source.bob.password } });
        expect((await client.get(`/api/files/${source.ids.doc}/download`, { token: bobLogin.body.token })).status).toBe(200);
        expect((await client.get(`/api/files/public/${source.ids.bobs}/download`)).status).toBe(200);
        // The file in the public folder tree stays public through its moved parent.
        expect((await client.get(`/api/files/public/${source.ids.copy}`)).status).toBe(200);
        const blob = await target.ctx.db.selectFrom('blobs').selectAll().where('hash', '=', sha256(source.photo)).executeTakeFirstOrThrow();
        expect(blob.ref_count).toBe(3);
        const challenge = await passwordStep(client, source.carol.user.username, source.carol.password);
        expect((await client.post('/api/auth/login/2fa', { json: { challenge, code: await codeAt(source.carol.secret) } })).status).toBe(200);
        // Share links and file requests keep their tokens, password and limits.
        expect((await client.get(`/api/s/${source.links.share}`)).body.link_refusal).toBe('password_required');
        const grant = await client.post(`/api/s/${source.links.share}/unlock`, { json: { password: 'link secret 1' } });
        expect(grant.status).toBe(200);
        expect((await client.get(`/api/r/${source.links.request}`)).status).toBe(200);
        expect(report.rows).toMatchObject({ links: 2, file_versions: 1 });
        const versions = await client.get(`/api/files/${source.ids.doc}/versions`, { token });
        expect(versions.body.versions).toHaveLength(1);
        const oldContent = await fetch(`${client.url}/api/files/${source.ids.doc}/versions/${versions.body.versions[0].id}/download`, { headers: { authorization: `Bearer ${token}` } });
        expect(sha256(Buffer.from(await oldContent.arrayBuffer()))).toBe(sha256(source.firstEdition));
        // Sequences continue after the copied ids.
        const next = await uploadOne(client, token, { name: 'after.txt', content: samples.text() });
        expect(next).toBeGreaterThan(source.ids.doc);
      } finally {
        await target.close();
      }
    } finally {
      await s3.close();
      await dropSchema(schema!);
      fs.rmSync(source.dataDir, { recursive: true, force: true });
    }
  });

  it('stops on an object that does not match its hash, leaving the target without rows, and refuses a non-empty target', async () => {
    const source = await embeddedInstallation();
    const [key] = objectFiles(source.dataDir);
    fs.appendFileSync(path.join(source.dataDir, key!), 'bit rot');
    const { env, schema } = freshEnv('postgres');
    const config = loadConfig(env);
    try {
      await expect(migrateStorage(source.dataDir, config)).rejects.toThrow(/does not match its hash/);
      const target = await createServer(config, pino({ level: 'silent' }));
      const users = await target.ctx.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(0);
      await target.ctx.db.insertInto('users').values({ username: 'x', email: 'x@x.io', password_hash: 'h', is_admin: 0, storage_quota_bytes: null, created_at: 0 }).execute();
      await target.close();
      await expect(migrateStorage(source.dataDir, config)).rejects.toThrow(/not empty/);
    } finally {
      await dropSchema(schema!);
      fs.rmSync(source.dataDir, { recursive: true, force: true });
    }
  });

  it("refuses a source that holds no installation, and a target whose database or objects would go into the source's directory", async () => {
    const source = await embeddedInstallation();
    const { env, schema } = freshEnv('postgres');
    const nowhere = path.join(source.dataDir, 'mistyped');
    try {
      await expect(migrateStorage(nowhere, loadConfig(env))).rejects.toThrow(/holds no embedded installation/);
      expect(fs.existsSync(nowhere)).toBe(false);
      // PostgreSQL, but objects on disk under the source's own DATA_DIR.
      const before = objectFiles(source.dataDir);
      await expect(migrateStorage(source.dataDir, loadConfig({ ...env, DATA_DIR: source.dataDir }))).rejects.toThrow(/source's DATA_DIR/);
      expect(objectFiles(source.dataDir)).toEqual(before);
    } finally {
      await dropSchema(schema!);
      fs.rmSync(source.dataDir, { recursive: true, force: true });
    }
  });
});
