import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileItem } from '@vault/contract';
import { newObjectKey } from '../src/storage/keys.js';
import { buildServer, runCli, serverRoot } from './helpers/cli.js';
import { blobOf, samples, settled, sha256, storedKeys, upload, uploadOne } from './helpers/files.js';
import { DATABASES, startTestServer, type TestServer } from './helpers/server.js';
import { openSocket } from './helpers/ws.js';

beforeAll(buildServer, 120_000);

const envOf = (t: TestServer, extra: Record<string, string> = {}) => ({ DATA_DIR: t.dataDir, ARGON2_MEMORY_KIB: '1024', ...extra });

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

describe('vault (CLI)', () => {
  it('lists every command with --help, from the repository bin and the built entry alike', async () => {
    const help = await runCli(['--help'], {});
    expect(help.code).toBe(0);
    for (const command of [
      'create-admin',
      'reset-password <username>',
      'disable-user <username>',
      'enable-user <username>',
      'verify [--repair]',
      'gc',
      'migrate-storage',
      'backup <dir>',
      'restore <dir>',
    ]) {
      expect(help.stdout).toContain(command);
    }
    const viaBin = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [path.join(serverRoot, 'bin/vault.js'), '--help'], (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    expect(viaBin).toBe(help.stdout);
    const unknown = await runCli(['frobnicate'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: frobnicate');
    expect((await runCli(['backup'], {})).code).toBe(2);
  }, 30_000);

  it('create-admin makes an administrator who can sign in; a taken name is refused', async () => {
    const t = await startTestServer('sqlite');
    try {
      const made = await runCli(['create-admin', 'root_admin'], envOf(t));
      expect(made.code, made.stderr).toBe(0);
      const password = /^password: (\S+)$/m.exec(made.stdout)![1]!;
      const login = await t.client.post('/api/auth/login', { json: { username: 'root_admin', password, mode: 'admin' } });
      expect(login.status).toBe(200);
      expect(login.body.user.is_admin).toBe(true);

      const chosen = await runCli(['create-admin', 'second_admin', '--email', 'second@example.com', '--password-stdin'], envOf(t), 'chosen-password\n');
      expect(chosen.code, chosen.stderr).toBe(0);
      expect(chosen.stdout).not.toContain('password:');
      expect((await t.client.post('/api/auth/login', { json: { username: 'second_admin', password: 'chosen-password', mode: 'admin' } })).status).toBe(200);

      const again = await runCli(['create-admin', 'root_admin'], envOf(t));
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Username already taken');
      const bad = await runCli(['create-admin', 'x'], envOf(t));
      expect(bad.code).toBe(2);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('verify --repair recounts, collects and removes strays, reporting each change; a lost object stays reported', async () => {
    // The last delete releases its content at once.
    const t = await startTestServer('sqlite', { TRASH_DAYS: '0' });
    try {
      const { ctx } = t.server;
      const user = await t.client.register();
      const [lost, miscounted, orphaned] = [samples.pdf(), samples.text(), samples.png()];
      for (const [i, content] of [lost, miscounted, orphaned].entries()) {
        await uploadOne(t.client, user.token, { name: `f${i}.${['pdf', 'txt', 'png'][i]}`, content });
      }
      const lostBlob = (await blobOf(t, lost))!;
      const miscountedBlob = (await blobOf(t, miscounted))!;
      const orphanedBlob = (await blobOf(t, orphaned))!;
      await ctx.store.delete(lostBlob.storage_key);
      const stray = await ctx.store.put(newObjectKey(), Readable.from([Buffer.from('nobody owns this')]));
      await ctx.db.updateTable('blobs').set({ ref_count: sql`ref_count + 2` }).where('hash', '=', miscountedBlob.hash).execute();
      // A file row gone without its release: its blob is counted but referred to by nothing.
      await ctx.db.deleteFrom('files').where('blob_hash', '=', orphanedBlob.hash).execute();
      await ctx.db.updateTable('users').set({ used_bytes: sql`used_bytes + 7` }).where('id', '=', user.user.id).execute();
      const charged = lost.length + miscounted.length + orphaned.length + 7;

      const checked = await runCli(['verify'], envOf(t));
      expect(checked.code).toBe(1);
      expect(checked.stdout).toContain('verify: 5 problems');

      // Counts first; a young stray is left alone (an upload may still commit it).
      const recounted = await runCli(['verify', '--repair'], envOf(t, { ORPHAN_GRACE_MINUTES: '60' }));
      expect(recounted.code).toBe(1);
      const lines = recounted.stdout.trim().split('\n');
      expect(lines.slice(0, 4).sort()).toEqual(
        [
          `repaired ref_count: blob ${miscountedBlob.hash} 3 -> 1`,
          `repaired ref_count: blob ${orphanedBlob.hash} 1 -> 0`,
          `collected blob ${orphanedBlob.hash}: no file or version refers to it`,
          `repaired used_bytes: user ${user.user.id} (${user.user.username}) ${charged} -> ${lost.length + miscounted.length}`,
        ].sort(),
      );
      expect(lines.slice(4).sort()).toEqual(
        [
          'repair: 4 changes',
          `missing object: blob ${lostBlob.hash} points at ${lostBlob.storage_key}, which is not in the store`,
          `stray object: ${stray.key} belongs to no blob, no thumbnail and no upload in progress`,
          'verify: 2 problems (2 blobs, 2 objects, 1 user)',
        ].sort(),
      );

      const swept = await runCli(['verify', '--repair'], envOf(t, { ORPHAN_GRACE_MINUTES: '0' }));
      expect(swept).toEqual({
        code: 1,
        stdout:
          `removed stray object ${stray.key}\nrepair: 1 change\n` +
          `missing object: blob ${lostBlob.hash} points at ${lostBlob.storage_key}, which is not in the store\n` +
          'verify: 1 problem (2 blobs, 1 object, 1 user)\n',
        stderr: '',
      });
      expect(await storedKeys(t)).toEqual([miscountedBlob.storage_key]);

      await t.client.delete(`/api/files/${(await ctx.db.selectFrom('files').select('id').where('blob_hash', '=', lostBlob.hash).executeTakeFirstOrThrow()).id}`, { token: user.token });
      await settled(t);
      expect(await runCli(['verify', '--repair'], envOf(t))).toEqual({ code: 0, stdout: 'repair: 0 changes\nverify: clean (1 blob, 1 object, 1 user)\n', stderr: '' });
    } finally {
      await t.close();
    }
  }, 60_000);

  it('verify --repair unlinks a file from another content’s text, which searches found it by; gc reads its own', async () => {
    const t = await startTestServer('sqlite');
    try {
      const { ctx } = t.server;
      const user = await t.client.register();
      const [own, other] = [samples.text('harbour minutes\n'), samples.text('quarterly ledger\n')];
      const fileId = await uploadOne(t.client, user.token, { name: 'a.txt', content: own });
      await uploadOne(t.client, user.token, { name: 'b.txt', content: other });
      await settled(t);
      const textOf = async (content: Buffer) => (await ctx.db.selectFrom('content_texts').select('id').where('blob_hash', '=', sha256(content)).executeTakeFirstOrThrow()).id;
      const found = async (words: string) =>
        (await t.client.get<{ files: FileItem[] }>(`/api/files?search=${words}`, { token: user.token })).body.files.map((f) => f.original_name).sort();
      await ctx.db.updateTable('files').set({ text_id: await textOf(other) }).where('id', '=', fileId).execute();
      expect(await found('ledger')).toEqual(['a.txt', 'b.txt']);

      expect(await runCli(['verify', '--repair'], envOf(t))).toEqual({
        code: 0,
        stdout: `unlinked file ${fileId} from another content's text: its own is read by the next maintenance pass (or vault gc)\nrepair: 1 change\nverify: clean (2 blobs, 2 objects, 1 user)\n`,
        stderr: '',
      });
      expect(await found('ledger')).toEqual(['b.txt']);
      expect((await runCli(['gc'], envOf(t))).code).toBe(0);
      expect(await found('harbour')).toEqual(['a.txt']);
      expect((await ctx.db.selectFrom('files').select('text_id').where('id', '=', fileId).executeTakeFirstOrThrow()).text_id).toBe(await textOf(own));
    } finally {
      await t.close();
    }
  }, 60_000);

  it('gc collects now: stray objects past the grace period', async () => {
    const t = await startTestServer('sqlite');
    try {
      const stray = await t.server.ctx.store.put(newObjectKey(), Readable.from([Buffer.from('left by a crash')]));
      const result = await runCli(['gc'], envOf(t, { ORPHAN_GRACE_MINUTES: '0' }));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^gc: 0 items purged from Trash, 0 blobs collected, 1 stray objects removed/);
      expect(await t.server.ctx.store.exists(stray.key)).toBe(false);
    } finally {
      await t.close();
    }
  }, 60_000);
});

/** The environment that points the CLI at a test server's installation, on either database. */
function installationEnv(t: TestServer): Record<string, string> {
  const { database, jwtSecret } = t.server.config;
  const scaledOut: Record<string, string> = database.url ? { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema!, JWT_SECRET: jwtSecret! } : {};
  return { ...envOf(t), ...scaledOut };
}

const ADMIN = { username: 'root_admin', password: 'longpassword' };

describe.each(DATABASES)('vault reset-password, disable-user, enable-user [%s]', (db) => {
  // An embedded server notices a change made by another process at its next heartbeat; PostgreSQL's
  // instances hear the command's notification at once, so there the heartbeat is far away.
  const start = () => startTestServer(db, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, WS_HEARTBEAT_SECONDS: db === 'postgres' ? '3600' : '1' });
  const auditOf = (t: TestServer, username: string) =>
    t.server.ctx.db.selectFrom('activity').select(['type', 'user_id', 'detail']).where('detail', '=', username).where('type', 'in', ['password_reset', 'user_disabled', 'user_enabled']).orderBy('id').execute();

  it('reset-password prints a temporary password, ends every session, and demands a new password at sign-in', async () => {
    const t = await start();
    try {
      const bob = await t.client.register();
      const socket = await openSocket(t.url, { token: bob.token });
      await socket.next((m) => m.type === 'ready');

      const reset = await runCli(['reset-password', bob.user.username.toUpperCase()], installationEnv(t));
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toContain(`reset the password of ${bob.user.username}: their sessions have ended`);
      const temporary = /^temporary password: (\S+)$/m.exec(reset.stdout)![1]!;
      expect(temporary).toMatch(/^[A-Za-z2-9]{16}$/);

      expect((await t.client.get('/api/auth/me', { token: bob.token })).status).toBe(401);
      expect(await socket.closed).toMatchObject({ reason: 'Session has ended' });
      expect((await t.client.post('/api/auth/login', { json: { username: bob.user.username, password: bob.password } })).status).toBe(401);
      const login = await t.client.post('/api/auth/login', { json: { username: bob.user.username, password: temporary } });
      expect(login.status).toBe(200);
      expect(login.body.must_change_password).toBe(true);
      expect((await t.client.get('/api/files', { token: login.body.token })).status).toBe(403);
      // The command line is no account: the audit log names the user acted on, and nobody as the actor.
      expect(await auditOf(t, bob.user.username)).toEqual([{ type: 'password_reset', user_id: null, detail: bob.user.username }]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('disable-user ends sign-in, sessions and public content until enable-user', async () => {
    const t = await start();
    try {
      const bob = await t.client.register();
      const publicFile = await uploadOne(t.client, bob.token, { name: 'open.txt', content: samples.text() }, { is_public: 'true' });
      const socket = await openSocket(t.url, { token: bob.token });
      await socket.next((m) => m.type === 'ready');

      const disabled = await runCli(['disable-user', bob.user.username], installationEnv(t));
      expect(disabled).toEqual({ code: 0, stdout: `disabled ${bob.user.username}: they cannot sign in and their sessions have ended\n`, stderr: '' });
      expect((await t.client.get('/api/auth/me', { token: bob.token })).status).toBe(401);
      expect(await socket.closed).toMatchObject({ reason: 'Session has ended' });
      expect(await t.client.post('/api/auth/login', { json: { username: bob.user.username, password: bob.password } })).toMatchObject({
        status: 403,
        body: { error: 'This account is disabled. Contact an administrator.' },
      });
      expect((await t.client.get(`/api/files/public/${publicFile}`)).status).toBe(404);
      // Disabling a disabled user changes nothing and says so the same way.
      expect((await runCli(['disable-user', bob.user.username], installationEnv(t))).code).toBe(0);

      const enabled = await runCli(['enable-user', bob.user.username], installationEnv(t));
      expect(enabled).toEqual({ code: 0, stdout: `enabled ${bob.user.username}: they may sign in again\n`, stderr: '' });
      expect((await t.client.post('/api/auth/login', { json: { username: bob.user.username, password: bob.password } })).status).toBe(200);
      expect((await t.client.get(`/api/files/public/${publicFile}`)).status).toBe(200);
      expect(await auditOf(t, bob.user.username)).toEqual([
        { type: 'user_disabled', user_id: null, detail: bob.user.username },
        { type: 'user_enabled', user_id: null, detail: bob.user.username },
      ]);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuse an unknown user (exit 3), the last administrator (exit 1) and wrong arguments (exit 2), and explain themselves with --help', async () => {
    const t = await start();
    try {
      await Promise.all(
        ['reset-password', 'disable-user', 'enable-user'].map(async (command) => {
          expect(await runCli([command, 'nobody_here'], installationEnv(t)), command).toEqual({ code: 3, stdout: '', stderr: 'No user named nobody_here\n' });
          const help = await runCli([command, '--help'], {});
          expect(help.code).toBe(0);
          expect(help.stdout).toContain(`Usage: vault ${command} <username>`);
          const missing = await runCli([command], installationEnv(t));
          expect(missing.code).toBe(2);
          expect(missing.stderr).toContain(`${command} takes one username`);
          expect((await runCli([command, 'a', 'b'], installationEnv(t))).code).toBe(2);
        }),
      );
      const last = await runCli(['disable-user', ADMIN.username], installationEnv(t));
      expect(last).toEqual({ code: 1, stdout: '', stderr: 'The last administrator cannot be disabled\n' });
      expect((await t.client.post('/api/auth/login', { json: { ...ADMIN, mode: 'admin' } })).status).toBe(200);
      // With a second admin, the first may go; the operator may reset any password, an admin's too.
      expect((await runCli(['create-admin', 'second_admin'], installationEnv(t))).code).toBe(0);
      expect((await runCli(['disable-user', ADMIN.username], installationEnv(t))).code).toBe(0);
      expect((await runCli(['disable-user', 'second_admin'], installationEnv(t))).code).toBe(1);
      expect((await runCli(['reset-password', 'second_admin'], installationEnv(t))).code).toBe(0);
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe('vault backup / restore', () => {
  it('backs up a running installation during uploads and deletes; the restore passes verify and serves every file', async () => {
    const t = await startTestServer('sqlite');
    const backupDir = path.join(tempDir('vault-backup-'), 'backup');
    const restoredDir = tempDir('vault-restored-');
    try {
      const users = [await t.client.register(), await t.client.register()];
      const contents = new Map<string, string>();
      const uploadNew = async (n: number) => {
        const user = users[n % 2]!;
        // Every third upload repeats content another user has: deduplicated blobs are in the backup too.
        const content = n % 3 === 0 ? Buffer.from(`shared content ${Math.floor(n / 6)}\n`) : samples.text(`file ${n} ${Math.random()}\n`);
        const name = `f${n}.txt`;
        const res = await upload(t.client, user.token, [{ name, content }]);
        expect(res.status).toBe(201);
        contents.set(name, sha256(content));
        return { user, file: res.body.files[0]! as FileItem };
      };
      const first = [];
      for (let n = 0; n < 30; n++) first.push(await uploadNew(n));

      let running = true;
      let n = 30;
      const load = (async () => {
        // Uploads and deletes keep coming until the backup has finished.
        while (running) {
          const made = await uploadNew(n++);
          if (n % 4 === 0) await t.client.delete(`/api/files/${made.file.id}`, { token: made.user.token });
          const old = first.shift();
          if (old) await t.client.delete(`/api/files/${old.file.id}`, { token: old.user.token });
        }
      })();
      const backup = await runCli(['backup', backupDir], envOf(t));
      running = false;
      await load;
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^backup: \d+ objects \(\d+ bytes\), \d+ files of 2 users$/m);
      expect(n).toBeGreaterThan(31);

      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest.objects.length).toBeGreaterThan(0);
      for (const object of manifest.objects.slice(0, 5)) expect(sha256(fs.readFileSync(path.join(backupDir, object.key)))).toBe(object.sha256);
      expect((await runCli(['backup', backupDir], envOf(t))).stderr).toContain('is not empty');

      const restore = await runCli(['restore', backupDir], { DATA_DIR: restoredDir });
      expect(restore.code, restore.stderr + restore.stdout).toBe(0);
      expect(restore.stdout).toMatch(/^verify: clean \(\d+ blobs?, \d+ objects?, 2 users\)$/m);
      expect((await runCli(['restore', backupDir], { DATA_DIR: restoredDir })).stderr).toContain('is not empty');

      // The restored installation serves every file it lists, with the bytes that were uploaded.
      await t.close();
      const restored = await startTestServer('sqlite', { DATA_DIR: restoredDir });
      try {
        let served = 0;
        for (const user of users) {
          const login = await restored.client.post('/api/auth/login', { json: { username: user.user.username, password: user.password } });
          expect(login.status).toBe(200);
          const list = await restored.client.get('/api/files?limit=1000', { token: login.body.token });
          for (const file of list.body.files as FileItem[]) {
            const res = await fetch(`${restored.url}/api/files/${file.id}/download`, { headers: { authorization: `Bearer ${login.body.token}` } });
            expect(res.status).toBe(200);
            expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(contents.get(file.original_name));
            served += 1;
          }
          // Deleted files went to Trash: they are in the backup too, still in Trash once restored.
          served += (await restored.client.get('/api/trash', { token: login.body.token })).body.items.length;
        }
        expect(served).toBe(manifest.files);
      } finally {
        await restored.close();
      }
    } finally {
      fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
    }
  }, 120_000);

  it('leaves thumbnails and unfinished uploads out, whatever state they are in; the restore makes thumbnails again', async () => {
    const t = await startTestServer('sqlite');
    const backupDir = path.join(tempDir('vault-backup-'), 'backup');
    const restoredDir = tempDir('vault-restored-');
    try {
      const user = await t.client.register();
      const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).png().toBuffer();
      const image = await uploadOne(t.client, user.token, { name: 'photo.png', content: picture });
      expect((await t.client.get(`/api/files/${image}/thumbnail`, { token: user.token })).status).toBe(200);
      // Content whose last file was just deleted, not yet collected, its thumbnail still there.
      const now = Date.now();
      const hash = 'f'.repeat(64);
      await t.server.ctx.db.insertInto('blobs').values({ hash, size: 1, mime_type: 'image/png', storage_key: newObjectKey(), head_hash: null, ref_count: 0, created_at: now, orphaned_at: now }).execute();
      await t.server.ctx.db.insertInto('derived_objects').values({ blob_hash: hash, kind: 'thumbnail', storage_key: newObjectKey(), size: 1, mime_type: 'image/webp', created_at: now }).execute();
      const pending = await fetch(`${t.url}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `filename ${Buffer.from('later.txt').toString('base64')}` },
      });
      expect(pending.status).toBe(201);

      const backup = await runCli(['backup', backupDir], envOf(t));
      expect(backup.code, backup.stderr).toBe(0);
      const restore = await runCli(['restore', backupDir], { DATA_DIR: restoredDir });
      expect(restore.code, restore.stderr + restore.stdout).toBe(0);
      await t.close();
      const restored = await startTestServer('sqlite', { DATA_DIR: restoredDir });
      try {
        const login = await restored.client.post('/api/auth/login', { json: { username: user.user.username, password: user.password } });
        const thumbnail = await fetch(`${restored.url}/api/files/${image}/thumbnail`, { headers: { authorization: `Bearer ${login.body.token}` } });
        expect(thumbnail.status).toBe(200);
        expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
        const uploads = await restored.server.ctx.db.selectFrom('resumable_uploads').select('id').execute();
        expect(uploads).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a damaged backup', async () => {
    const t = await startTestServer('sqlite');
    const backupDir = path.join(tempDir('vault-backup-'), 'backup');
    try {
      const { token } = await t.client.register();
      await uploadOne(t.client, token, { name: 'a.pdf', content: samples.pdf() });
      expect((await runCli(['backup', backupDir], envOf(t))).code).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      fs.appendFileSync(path.join(backupDir, manifest.objects[0].key), 'tampered');
      const restore = await runCli(['restore', backupDir], { DATA_DIR: path.join(tempDir('vault-restored-'), 'data') });
      expect(restore.code).toBe(2);
      expect(restore.stderr).toContain(`Object ${manifest.objects[0].key} does not match its hash`);

      // A manifest that names its secret, or an object, along a path of its own is no backup's:
      // a secret planted beside the backup would otherwise be copied beside DATA_DIR.
      const planted = Buffer.from('a secret of the attacker, 32 chars');
      fs.writeFileSync(path.join(path.dirname(backupDir), 'planted'), planted);
      const secret = { file: '../planted', sha256: sha256(planted), size: planted.length };
      for (const tampered of [{ ...manifest, secret }, { ...manifest, objects: [{ ...manifest.objects[0], key: '../planted' }] }]) {
        fs.writeFileSync(path.join(backupDir, 'manifest.json'), JSON.stringify(tampered));
        const restored = tempDir('vault-restored-');
        const refused = await runCli(['restore', backupDir], { DATA_DIR: path.join(restored, 'data') });
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain('is not a Vault backup manifest');
        expect(fs.existsSync(path.join(restored, 'planted'))).toBe(false);
      }
      // Objects into a bucket are not a restore's: it would share keys with the installation that bucket serves.
      fs.writeFileSync(path.join(backupDir, 'manifest.json'), JSON.stringify(manifest));
      const intoBucket = await runCli(['restore', backupDir], { DATA_DIR: path.join(tempDir('vault-restored-'), 'data'), S3_BUCKET: 'production', JWT_SECRET: 'the-production-secret-of-32-chars!' });
      expect(intoBucket.code).toBe(2);
      expect(intoBucket.stderr).toContain('unset DATABASE_URL and S3_BUCKET');
    } finally {
      await t.close();
      fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
    }
  }, 60_000);
});
