import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type MigrationProvider } from 'kysely';
import { expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { generateSecret } from 'otplib';
import { createPasswordHasher } from '../src/domain/accounts/passwords.js';
import { createSecretBox, isSealed } from '../src/secret-box.js';
import { DATABASES, dropSchema, freshSchemaName, startTestServer, type DbKind } from './helpers/server.js';
import { codeAt, passwordStep } from './helpers/two-factor.js';

/** The test servers' JWT_SECRET (helpers/server.ts), so a server started on a migrated database opens what was sealed. */
const SECRETS = createSecretBox('test-secret-test-secret-test-secret-0123');

/** A fresh database (its data dir, and schema on PostgreSQL) migrated up to `last`, left open. */
async function databaseAt(dialect: DbKind, last: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-migrate-'));
  const schema = dialect === 'postgres' ? freshSchemaName() : undefined;
  const handle = await openDatabase({ url: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, schema, dataDir });
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect, SECRETS) };
  const result = await new Migrator({ db: handle.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateTo(last);
  expect(result.error).toBeUndefined();
  return { handle, dataDir, schema };
}

/** A fresh database migrated up to `last`, for a test to fill before the migrations that follow run. */
async function withDatabaseAt(dialect: DbKind, last: string, test: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const { handle, dataDir, schema } = await databaseAt(dialect, last);
  try {
    await test(handle);
  } finally {
    await handle.close();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const userRow = (username: string, extra: object = {}) => ({ username, email: `${username}@x.io`, password_hash: 'h', is_admin: 0, storage_quota_bytes: null, created_at: 0, ...extra });
const blobRow = (hash: string, size: number, ref_count = 1) => ({ hash, size, mime_type: 'text/plain', storage_key: `k-${hash}`, ref_count, created_at: 0, orphaned_at: null });
const fileRow = (user_id: number, blob_hash: string, file_size: number) => ({ user_id, blob_hash, file_size, original_name: 'f.txt', mime_type: 'text/plain', folder_id: null, is_public: 0, download_count: 0, created_at: 0, updated_at: 0 });

it.each(DATABASES)('backfills what each user is charged when 0002 runs on existing data [%s]', (dialect) =>
  withDatabaseAt(dialect, '0001_initial', async (handle) => {
    const db = handle.db;
    const [a, b] = await db.insertInto('users').values([userRow('a'), userRow('b')] as never).returning('id').execute();
    await db.insertInto('blobs').values([blobRow('x', 100), blobRow('y', 30)]).execute();
    await db.insertInto('files').values([fileRow(a!.id, 'x', 100), fileRow(a!.id, 'x', 100), fileRow(a!.id, 'y', 30), fileRow(b!.id, 'x', 100)]).execute();

    await migrate(handle, SECRETS);
    const charged = await db.selectFrom('users').select(['username', 'used_bytes']).orderBy('username').execute();
    expect(charged.map((u) => [u.username, Number(u.used_bytes)])).toEqual([['a', 130], ['b', 100]]);
  }),
);

it.each(DATABASES)('repairs counts left wrong by double releases, then refuses negative ones, when 0003 runs [%s]', (dialect) =>
  withDatabaseAt(dialect, '0002_user_used_bytes', async (handle) => {
    const db = handle.db;
    const [a, b] = await db
      .insertInto('users')
      .values([userRow('a', { used_bytes: -73_400_320 }), userRow('b', { used_bytes: 5 })] as never)
      .returning('id')
      .execute();
    await db.insertInto('blobs').values([blobRow('x', 100, -6), blobRow('y', 30, 7), blobRow('z', 10, -1)]).execute();
    await db.insertInto('files').values([fileRow(a!.id, 'x', 100), fileRow(a!.id, 'x', 100), fileRow(a!.id, 'y', 30), fileRow(b!.id, 'x', 100)]).execute();

    await migrate(handle, SECRETS);
    const blobs = await db.selectFrom('blobs').select(['hash', 'ref_count', 'orphaned_at']).orderBy('hash').execute();
    expect(blobs.map((r) => [r.hash, r.ref_count])).toEqual([['x', 3], ['y', 1], ['z', 0]]);
    expect(blobs[2]!.orphaned_at).not.toBeNull();
    const charged = await db.selectFrom('users').select(['username', 'used_bytes']).orderBy('username').execute();
    expect(charged.map((u) => [u.username, Number(u.used_bytes)])).toEqual([['a', 130], ['b', 100]]);

    // From now on the database itself refuses a negative count, whatever writes it.
    const refused = /non_negative|must not be negative/;
    await expect(db.updateTable('blobs').set({ ref_count: -1 }).where('hash', '=', 'z').execute()).rejects.toThrow(refused);
    await expect(db.insertInto('blobs').values(blobRow('w', 1, -1)).execute()).rejects.toThrow(refused);
    await expect(db.updateTable('users').set({ used_bytes: -1 }).where('id', '=', a!.id).execute()).rejects.toThrow(refused);
    await expect(db.insertInto('users').values(userRow('c', { used_bytes: -1 }) as never).execute()).rejects.toThrow(refused);
    expect((await db.selectFrom('blobs').select('ref_count').where('hash', '=', 'z').executeTakeFirstOrThrow()).ref_count).toBe(0);
  }),
);

it.each(DATABASES)('parts same-name files of one folder when 0145 runs, then refuses new twins [%s]', (dialect) =>
  withDatabaseAt(dialect, '0120_resumable_uploads', async (handle) => {
    const db = handle.db;
    const [a, b] = await db.insertInto('users').values([userRow('a'), userRow('b')] as never).returning('id').execute();
    const [box] = await db.insertInto('folders').values({ user_id: a!.id, name: 'box', parent_id: null, is_public: 0, created_at: 0, updated_at: 0 }).returning('id').execute();
    await db.insertInto('blobs').values(blobRow('x', 1, 8)).execute();
    const named = (user_id: number, original_name: string, folder_id: number | null = null) => ({ ...fileRow(user_id, 'x', 1), original_name, folder_id });
    const ids = await db
      .insertInto('files')
      .values([
        named(a!.id, 'notes.txt'),
        named(a!.id, 'Notes.TXT'),
        named(a!.id, 'notes (2).txt'),
        named(a!.id, 'NOTES.txt'),
        named(a!.id, 'notes.txt', box!.id),
        named(a!.id, 'README'),
        named(a!.id, 'readme'),
        named(b!.id, 'notes.txt'),
      ])
      .returning('id')
      .execute();

    await migrate(handle, SECRETS);
    const names = await db.selectFrom('files').select(['id', 'original_name']).orderBy('id').execute();
    expect(names.map((f) => f.original_name)).toEqual(['notes.txt', 'Notes (3).TXT', 'notes (2).txt', 'NOTES (4).txt', 'notes.txt', 'README', 'readme (2)', 'notes.txt']);
    expect(names.map((f) => f.id)).toEqual(ids.map((f) => f.id));

    // From now on the database itself refuses a twin, whatever writes it.
    await expect(db.insertInto('files').values(named(a!.id, 'NoTeS.txt')).execute()).rejects.toThrow(/files_sibling_name|unique/i);
    await expect(db.updateTable('files').set({ original_name: 'Readme' }).where('id', '=', ids[6]!.id).execute()).rejects.toThrow(/files_sibling_name|unique/i);
    // Only beside each other: another user, or another folder, may hold the name.
    await db.insertInto('files').values([named(b!.id, 'README'), named(b!.id, 'readme.txt'), named(a!.id, 'README', box!.id)]).execute();
  }),
);

it.each(DATABASES)('seals the TOTP secrets stored in clear when 0190 runs; sign-in with a code still works [%s]', async (dialect) => {
  // An installation from before 0190: one user signs in with two factors, another is setting it up.
  const { handle, dataDir, schema } = await databaseAt(dialect, '0180_account_security');
  const hash = await createPasswordHasher(1024).hash('their-password');
  const [secret, pending] = [generateSecret(), generateSecret()];
  await handle.db
    .insertInto('users')
    .values([userRow('carol', { password_hash: hash, totp_secret: secret }), userRow('dave', { password_hash: hash, totp_pending_secret: pending })] as never)
    .execute();
  await handle.close();

  const srv = await startTestServer(dialect, { DATA_DIR: dataDir, ...(schema ? { DATABASE_SCHEMA: schema } : {}) });
  try {
    const stored = await srv.server.ctx.db.selectFrom('users').select(['username', 'totp_secret', 'totp_pending_secret']).orderBy('username').execute();
    expect(stored.map((u) => [u.username, u.totp_secret !== null && isSealed(u.totp_secret), u.totp_pending_secret !== null && isSealed(u.totp_pending_secret)])).toEqual([
      ['carol', true, false],
      ['dave', false, true],
    ]);
    const atRest = JSON.stringify(stored);
    expect(atRest).not.toContain(secret);
    expect(atRest).not.toContain(pending);

    const challenge = await passwordStep(srv.client, 'carol', 'their-password');
    const signedIn = await srv.client.post('/api/auth/login/2fa', { json: { challenge, code: await codeAt(secret) } });
    expect(signedIn.status, signedIn.text).toBe(200);
    // The setup in progress goes on with the secret the authenticator already holds.
    const dave = await srv.client.post('/api/auth/login', { json: { username: 'dave', password: 'their-password' } });
    const enabled = await srv.client.post('/api/account/2fa/enable', { token: dave.body.token, json: { password: 'their-password', code: await codeAt(pending) } });
    expect(enabled.status, enabled.text).toBe(200);
  } finally {
    await srv.close();
  }
});

it.each(DATABASES)('cleans control and bidi characters out of names, tags and labels stored before they were refused, when 0360 runs [%s]', async (dialect) => {
  const { handle, dataDir, schema } = await databaseAt(dialect, '0350_stars');
  {
    const db = handle.db;
    const password_hash = await createPasswordHasher(1024).hash('their-password');
    const [a, b] = await db.insertInto('users').values([userRow('a', { password_hash }), userRow('b')] as never).returning('id').execute();
    const folder = (user_id: number, name: string, trashed_at: number | null = null) => ({ user_id, name, parent_id: null, is_public: 0, created_at: 0, updated_at: 0, trashed_at, trashed_with: null });
    await db
      .insertInto('folders')
      .values([folder(a!.id, 'Photos'), folder(a!.id, 'photos\u202E'), folder(a!.id, 'Old\u200F one', Date.now()), folder(a!.id, '\u2066'), folder(b!.id, 'Photos\u009b')])
      .execute();
    await db.insertInto('blobs').values(blobRow('x', 1, 6)).execute();
    const file = (user_id: number, original_name: string, trashed_at: number | null = null) => ({ ...fileRow(user_id, 'x', 1), original_name, trashed_at });
    const files = await db
      .insertInto('files')
      .values([file(a!.id, 'photognp.exe'), file(a!.id, 'photo\u202Egnp.exe'), file(a!.id, 'PHOTOGNP\u061C.exe'), file(a!.id, 'old\u200E.txt', Date.now()), file(a!.id, '\u0085'), file(b!.id, 'notes.txt')])
      .returning('id')
      .execute();
    const [first, second] = [files[0]!.id, files[1]!.id];
    await db
      .insertInto('file_tags')
      .values([
        { file_id: first, tag: 'AB' },
        { file_id: first, tag: 'a\u0007b' },
        { file_id: first, tag: '\u200E' },
        { file_id: first, tag: 'x\u009b' },
        { file_id: first, tag: 'work' },
        { file_id: second, tag: 'a\u0007b' },
      ])
      .execute();
    const link = (label: string | null, message: string | null) => ({ token: `t-${Math.random()}`, kind: 'share' as const, user_id: a!.id, file_id: first, folder_id: null, label, message, password_hash: null, expires_at: null, allow_preview: 0, max_downloads: null, max_files: null, max_bytes: null, revoked_at: null, last_used_at: null, created_at: 0, updated_at: 0 });
    await db
      .insertInto('links')
      .values([link('for\u202E Anna', 'line\u202E one\nline two\u0007'), link('\u200F', 'kept\nas is'), link('plain', null)])
      .execute();
    const entry = (file_name: string | null, via_label: string | null, visitor: string | null) => ({ type: 'download', user_id: null, file_id: null, file_name, detail: null, detail_code: null, detail_params: null, via: null, via_link_id: null, via_label, visitor, at: 0 });
    await db.insertInto('activity').values([entry('photo\u202Egnp.exe', 'for\u202E Anna', 'Eve\u009b'), entry('notes.txt', null, null)]).execute();

    await handle.close();
  }

  const srv = await startTestServer(dialect, { DATA_DIR: dataDir, ...(schema ? { DATABASE_SCHEMA: schema } : {}) });
  try {
    const db = srv.server.ctx.db;
    const folderNames = await db.selectFrom('folders').select('name').orderBy('id').execute();
    expect(folderNames.map((f) => f.name)).toEqual(['Photos', 'photos (2)', 'Old one', 'unnamed', 'Photos']);
    const files = await db.selectFrom('files').select(['id', 'original_name']).orderBy('id').execute();
    expect(files.map((f) => f.original_name)).toEqual(['photognp.exe', 'photognp (2).exe', 'PHOTOGNP (3).exe', 'old.txt', 'unnamed', 'notes.txt']);
    const [first, second] = [files[0]!.id, files[1]!.id];
    const tags = await db.selectFrom('file_tags').select(['file_id', 'tag']).orderBy('file_id').orderBy('tag').execute();
    expect(tags).toEqual([
      { file_id: first, tag: 'AB' },
      { file_id: first, tag: 'work' },
      { file_id: first, tag: 'x' },
      { file_id: second, tag: 'ab' },
    ]);
    const texts = await db.selectFrom('links').select(['label', 'message']).orderBy('id').execute();
    expect(texts).toEqual([
      { label: 'for Anna', message: 'line one\nline two' },
      { label: null, message: 'kept\nas is' },
      { label: 'plain', message: null },
    ]);
    const audit = await db.selectFrom('activity').select(['file_name', 'via_label', 'visitor']).orderBy('id').execute();
    expect(audit).toEqual([
      { file_name: 'photognp.exe', via_label: 'for Anna', visitor: 'Eve' },
      { file_name: 'notes.txt', via_label: null, visitor: null },
    ]);
    // The owner's searches and tag filters find the cleaned names and tags.
    const { token } = (await srv.client.post('/api/auth/login', { json: { username: 'a', password: 'their-password' } })).body;
    const named = await srv.client.get('/api/files?search=photognp', { token });
    expect(named.body.files.map((f: { original_name: string }) => f.original_name).sort()).toEqual(['PHOTOGNP (3).exe', 'photognp (2).exe', 'photognp.exe']);
    const tagged = await srv.client.get('/api/files?tags=x', { token });
    expect(tagged.body.files.map((f: { id: number }) => f.id)).toEqual([first]);
  } finally {
    await srv.close();
  }
});

// SQLite only: PostgreSQL searches names through pg_trgm (0101).
it('indexes the names of existing files by trigrams when 0250 runs, and each name written since [sqlite]', () =>
  withDatabaseAt('sqlite', '0240_file_text_links', async (handle) => {
    const db = handle.db;
    const [a] = await db.insertInto('users').values([userRow('a')] as never).returning('id').execute();
    await db.insertInto('blobs').values([blobRow('x', 100)]).execute();
    const [old] = await db.insertInto('files').values({ ...fileRow(a!.id, 'x', 100), original_name: 'Old REPORT.txt' }).returning('id').execute();

    await migrate(handle, SECRETS);
    const named = async (text: string) =>
      (await sql<{ id: number }>`select rowid as id from files_name_trigrams where files_name_trigrams match ${`"${text}"`}`.execute(db)).rows.map((r) => Number(r.id));
    expect(await named('d rep')).toEqual([old!.id]);
    const [added] = await db.insertInto('files').values({ ...fileRow(a!.id, 'x', 100), original_name: 'New.txt' }).returning('id').execute();
    expect(await named('new')).toEqual([added!.id]);
    await db.updateTable('files').set({ original_name: 'Renamed.txt' }).where('id', '=', added!.id).execute();
    expect(await named('new')).toEqual([]);
    expect(await named('renamed')).toEqual([added!.id]);
    await db.deleteFrom('files').where('id', '=', old!.id).execute();
    expect(await named('report')).toEqual([]);
  }));

// PostgreSQL only: SQLite folds names as it reads them, cheaply.
if (DATABASES.includes('postgres')) {
  it('folds the names and tags of existing files when 0280 runs, and moves the name and tag indexes onto the folds [postgres]', () =>
    withDatabaseAt('postgres', '0270_live_content_index', async (handle) => {
      const db = handle.db;
      const [a] = await db.insertInto('users').values([userRow('a')] as never).returning('id').execute();
      await db.insertInto('blobs').values([blobRow('x', 100)]).execute();
      const [old] = await db.insertInto('files').values({ ...fileRow(a!.id, 'x', 100), original_name: 'Öld REPORT.txt' }).returning('id').execute();
      await db.insertInto('file_tags').values({ file_id: old!.id, tag: 'ÉTÉ Plans' }).execute();

      await migrate(handle, SECRETS);
      const { rows } = await sql<{ name_folded: string; tag_folded: string }>`select f.name_folded, t.tag_folded from files f join file_tags t on t.file_id = f.id`.execute(db);
      expect(rows).toEqual([{ name_folded: 'öld report.txt', tag_folded: 'été plans' }]);
      const { rows: indexes } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where indexname in ('files_name_trigrams', 'file_tags_tag_trigrams', 'file_tags_tag') and schemaname = current_schema()`.execute(db);
      expect(indexes).toHaveLength(3);
      for (const { indexdef } of indexes) expect(indexdef).toMatch(/\((name|tag)_folded\b/);
    }));
}

it.each(DATABASES)('drops the thumbnails made before they were kept per owner when 0311 runs [%s]', (dialect) =>
  withDatabaseAt(dialect, '0310_texts_read_for_each_owner', async (handle) => {
    const db = handle.db;
    await db.insertInto('blobs').values([blobRow('x', 100)]).execute();
    const thumbnail = (kind: string, key: string) => ({ blob_hash: 'x', kind, storage_key: key, size: 10, mime_type: 'image/webp', created_at: 0 });
    await db.insertInto('derived_objects').values([thumbnail('thumbnail-webp-320', 'k-shared'), thumbnail('thumbnail-webp-320 for 1', 'k-own')]).execute();

    await migrate(handle, SECRETS);
    expect((await db.selectFrom('derived_objects').select('storage_key').execute()).map((r) => r.storage_key)).toEqual(['k-own']);
  }),
);

it.each(DATABASES)('runs the migrations a release adds below numbers an installation has already run [%s]', async (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-migrate-'));
  const schema = dialect === 'postgres' ? freshSchemaName() : undefined;
  const handle = await openDatabase({ url: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, schema, dataDir });
  try {
    // An installation of the previous release: it ran every migration but those numbered in the ranges added since.
    const all = migrations(handle.dialect, SECRETS);
    const added = ['0140_trash', '0145_file_sibling_names', '0146_file_versions', '0147_resumable_on_conflict', '0148_trash_file_names', '0190_sealed_totp_secrets', '0251_file_text_scope', '0260_version_sizes', '0270_live_content_index', '0280_folded_names_and_tags', '0290_file_scope_index', '0300_quota_charges_at_commit', '0320_live_files_index', '0360_unsafe_characters_cleaned'];
    const released = Object.fromEntries(Object.entries(all).filter(([name]) => !added.includes(name)));
    const provider: MigrationProvider = { getMigrations: async () => released };
    const before = await new Migrator({ db: handle.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
    expect(before.error).toBeUndefined();

    await migrate(handle, SECRETS);
    const ran = await new Migrator({ db: handle.db, provider: { getMigrations: async () => all }, ...(schema ? { migrationTableSchema: schema } : {}) }).getMigrations();
    expect(ran.filter((m) => m.executedAt === undefined).map((m) => m.name)).toEqual([]);
  } finally {
    await handle.close();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
