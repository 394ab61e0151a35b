import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type MigrationProvider } from 'kysely';
import { expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { DATABASES, dropSchema, freshSchemaName } from './helpers/server.js';

it.each(DATABASES)('backfills what each user is charged when 0002 runs on existing data [%s]', async (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-migrate-'));
  const schema = dialect === 'postgres' ? freshSchemaName() : undefined;
  const handle = await openDatabase({ url: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, schema, dataDir });
  try {
    const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
    const first = await new Migrator({ db: handle.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateTo('0001_initial');
    expect(first.error).toBeUndefined();
    const db = handle.db;
    const user = { email: '', password_hash: 'h', is_admin: 0, storage_quota_bytes: null, created_at: 0 };
    const [a, b] = await db.insertInto('users').values([{ ...user, username: 'a', email: 'a@x.io' }, { ...user, username: 'b', email: 'b@x.io' }] as never).returning('id').execute();
    const blob = (hash: string, size: number) => ({ hash, size, mime_type: 'text/plain', storage_key: `k-${hash}`, ref_count: 1, created_at: 0, orphaned_at: null });
    await db.insertInto('blobs').values([blob('x', 100), blob('y', 30)]).execute();
    const file = (user_id: number, blob_hash: string, file_size: number) => ({ user_id, blob_hash, file_size, original_name: 'f.txt', mime_type: 'text/plain', folder_id: null, is_public: 0, download_count: 0, created_at: 0, updated_at: 0 });
    await db.insertInto('files').values([file(a!.id, 'x', 100), file(a!.id, 'x', 100), file(a!.id, 'y', 30), file(b!.id, 'x', 100)]).execute();

    await migrate(handle);
    const charged = await db.selectFrom('users').select(['username', 'used_bytes']).orderBy('username').execute();
    expect(charged.map((u) => [u.username, Number(u.used_bytes)])).toEqual([['a', 130], ['b', 100]]);
  } finally {
    await handle.close();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

it.each(DATABASES)('repairs counts left wrong by double releases, then refuses negative ones, when 0003 runs [%s]', async (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-migrate-'));
  const schema = dialect === 'postgres' ? freshSchemaName() : undefined;
  const handle = await openDatabase({ url: dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined, schema, dataDir });
  try {
    const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
    const before = await new Migrator({ db: handle.db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateTo('0002_user_used_bytes');
    expect(before.error).toBeUndefined();
    const db = handle.db;
    const user = { email: '', password_hash: 'h', is_admin: 0, storage_quota_bytes: null, created_at: 0 };
    const [a, b] = await db
      .insertInto('users')
      .values([{ ...user, username: 'a', email: 'a@x.io', used_bytes: -73_400_320 }, { ...user, username: 'b', email: 'b@x.io', used_bytes: 5 }] as never)
      .returning('id')
      .execute();
    const blob = (hash: string, size: number, ref_count: number) => ({ hash, size, mime_type: 'text/plain', storage_key: `k-${hash}`, ref_count, created_at: 0, orphaned_at: null });
    await db.insertInto('blobs').values([blob('x', 100, -6), blob('y', 30, 7), blob('z', 10, -1)]).execute();
    const file = (user_id: number, blob_hash: string, file_size: number) => ({ user_id, blob_hash, file_size, original_name: 'f.txt', mime_type: 'text/plain', folder_id: null, is_public: 0, download_count: 0, created_at: 0, updated_at: 0 });
    await db.insertInto('files').values([file(a!.id, 'x', 100), file(a!.id, 'x', 100), file(a!.id, 'y', 30), file(b!.id, 'x', 100)]).execute();

    await migrate(handle);
    const blobs = await db.selectFrom('blobs').select(['hash', 'ref_count', 'orphaned_at']).orderBy('hash').execute();
    expect(blobs.map((r) => [r.hash, r.ref_count])).toEqual([['x', 3], ['y', 1], ['z', 0]]);
    expect(blobs[2]!.orphaned_at).not.toBeNull();
    const charged = await db.selectFrom('users').select(['username', 'used_bytes']).orderBy('username').execute();
    expect(charged.map((u) => [u.username, Number(u.used_bytes)])).toEqual([['a', 130], ['b', 100]]);

    // From now on the database itself refuses a negative count, whatever writes it.
    const refused = /non_negative|must not be negative/;
    await expect(db.updateTable('blobs').set({ ref_count: -1 }).where('hash', '=', 'z').execute()).rejects.toThrow(refused);
    await expect(db.insertInto('blobs').values(blob('w', 1, -1)).execute()).rejects.toThrow(refused);
    await expect(db.updateTable('users').set({ used_bytes: -1 }).where('id', '=', a!.id).execute()).rejects.toThrow(refused);
    await expect(db.insertInto('users').values({ ...user, username: 'c', email: 'c@x.io', used_bytes: -1 } as never).execute()).rejects.toThrow(refused);
    expect((await db.selectFrom('blobs').select('ref_count').where('hash', '=', 'z').executeTakeFirstOrThrow()).ref_count).toBe(0);
  } finally {
    await handle.close();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
