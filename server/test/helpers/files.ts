import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { UploadResponse } from '@vault/contract';
import type { Client, Response } from './client.js';
import { zipOf } from './file-samples.js';
import { describeFinding, verifyStorage } from '../../src/storage/verify.js';
import type { TestServer } from './server.js';

/** Real leading bytes of each accepted binary format; `extra` makes the content unique. */
export const samples = {
  png: (extra = randomBytes(16)) =>
    Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex'),
      extra,
    ]),
  jpeg: (extra = randomBytes(16)) => Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), extra]),
  gif: (extra = randomBytes(16)) => Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), extra]),
  webp: (extra = randomBytes(16)) => Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00', 'latin1'), extra]),
  pdf: (extra = randomBytes(8).toString('hex')) => Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\n%${extra}\n%%EOF\n`),
  zip: () => zipOf([{ name: 'a.txt', data: randomBytes(8) }]),
  text: (content = `note ${randomBytes(8).toString('hex')}\n`) => Buffer.from(content, 'utf8'),
};

export interface UploadFile {
  name: string;
  content: Buffer;
  type?: string;
}

/** A multipart upload as a browser sends it; fields first unless fieldsLast. */
export function uploadForm(files: UploadFile[], fields: Record<string, string | string[]> = {}, fieldsLast = false): FormData {
  const form = new FormData();
  const addFields = () => {
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    }
  };
  if (!fieldsLast) addFields();
  for (const f of files) form.append('files', new Blob([f.content], { type: f.type ?? 'application/octet-stream' }), f.name);
  if (fieldsLast) addFields();
  return form;
}

export function upload(
  client: Client,
  token: string,
  files: UploadFile[],
  fields: Record<string, string | string[]> = {},
): Promise<Response<UploadResponse>> {
  return client.post('/api/files/upload', { token, body: uploadForm(files, fields) });
}

/** Uploads one file and returns its id, failing loudly otherwise. */
export async function uploadOne(client: Client, token: string, file: UploadFile, fields: Record<string, string | string[]> = {}): Promise<number> {
  const res = await upload(client, token, [file], fields);
  if (res.status !== 201) throw new Error(`upload of ${file.name} failed: ${res.status} ${res.text}`);
  return res.body.files[0]!.id;
}

export function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Every object key in the server's store, whatever the store, once the work queued after responses is done. */
export async function storedKeys(t: TestServer): Promise<string[]> {
  await settled(t);
  const keys: string[] = [];
  for await (const key of t.server.ctx.store.listOlderThan(Number.MAX_SAFE_INTEGER)) keys.push(key);
  return keys;
}

/** Object files on disk under DATA_DIR/objects (a server in another process, on the disk store). */
export function objectFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'objects');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((prefix) => fs.readdirSync(path.join(root, prefix)).map((name) => `objects/${prefix}/${name}`));
}

export async function blobOf(t: TestServer, content: Buffer) {
  return t.server.ctx.db.selectFrom('blobs').selectAll().where('hash', '=', sha256(content)).executeTakeFirst();
}

export async function countRows(t: TestServer, table: 'files' | 'blobs' | 'file_tags' | 'activity' | 'object_leases'): Promise<number> {
  const row = await t.server.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives a file a past it cannot get through the API: when it was uploaded, how often downloaded. */
export async function backdateFile(t: TestServer, fileId: number, past: { createdAt: number; downloadCount: number }): Promise<void> {
  await t.server.ctx.db.updateTable('files').set({ created_at: past.createdAt, download_count: past.downloadCount }).where('id', '=', fileId).execute();
}

/** Waits for the work the server does after its responses (collections, duplicate copies, texts read). */
export async function settled(t: TestServer): Promise<void> {
  await t.server.ctx.background.idle();
  await t.server.ctx.extractions.idle();
}

/**
 * Every blob's object is there with the right content and every object
 * belongs to a blob; ref counts equal the file rows, and each user is charged
 * exactly the distinct content of their own files: what `vault verify` checks.
 */
export async function assertStorageConsistent(t: TestServer): Promise<void> {
  await settled(t);
  const { findings } = await verifyStorage(t.server.ctx.db, t.server.ctx.store);
  expect(findings.map(describeFinding)).toEqual([]);
  // A charge left for the commit is applied and deleted by it, or rolled back with it.
  if (t.server.ctx.dialect === 'postgres') expect(await t.server.ctx.db.selectFrom('quota_charges').select('id').execute()).toEqual([]);
}

/** Moves back in time when the user's items went to Trash, as if `days` had passed since (no API ages them). */
export async function ageTrash(t: TestServer, userId: number, days: number): Promise<void> {
  const by = days * 86_400_000;
  for (const table of ['files', 'folders'] as const) {
    await t.server.ctx.db
      .updateTable(table)
      .set((eb) => ({ trashed_at: eb('trashed_at', '-', by) }))
      .where('user_id', '=', userId)
      .where('trashed_at', 'is not', null)
      .execute();
  }
}

/**
 * Gives a user `count` more files of one content, whose text is `text`,
 * straight in the database: a list too large for a search to test the
 * content of each of its files.
 */
export async function addFiles(t: TestServer, userId: number, count: number, text: string) {
  const { db } = t.server.ctx;
  const hash = sha256(randomBytes(16));
  const now = Date.now();
  const type = 'text/plain';
  const files = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    blob_hash: hash,
    original_name: `filler ${i}.txt`,
    file_size: 1,
    mime_type: type,
    folder_id: null,
    is_public: 0,
    download_count: 0,
    created_at: now - count + i,
    updated_at: now,
  }));
  // In one transaction, as an upload writes them: the server's sweep for contents whose text is
  // still to be read must never see the blob without its text (it would queue a text of its own).
  // The text last: its row's insert links every file of its content.
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('blobs').values({ hash, size: 1, mime_type: type, storage_key: `objects/none/${hash}`, head_hash: null, ref_count: count, created_at: now, orphaned_at: null }).execute();
    await trx.insertInto('files').values(files).execute();
    await trx.insertInto('content_texts').values({ blob_hash: hash, body: text, attempts: 1, extracted_at: now }).execute();
  });
}

/**
 * PostgreSQL: gives a user `count` more files, each of a content of its own,
 * as an account holds them (an index of owners and contents is then as large
 * as the files, where files of one content shrink to a few entries of it),
 * straight in the database. Binary contents, which no background work reads
 * or rewrites while a test looks at plans.
 */
export async function addFilesOfTheirOwn(t: TestServer, userId: number, count: number): Promise<void> {
  const { db } = t.server.ctx;
  const hash = sql`md5(${`user ${userId} `} || i) || md5('content ' || i)`;
  await sql`insert into blobs (hash, size, mime_type, storage_key, ref_count, created_at)
    select ${hash}, 1, 'application/octet-stream', 'objects/none/' || ${hash}, 1, 0 from generate_series(1, ${count}) i`.execute(db);
  await sql`insert into files (user_id, blob_hash, original_name, file_size, mime_type, is_public, download_count, created_at, updated_at)
    select ${userId}, ${hash}, 'filler ' || i || '.bin', 1, 'application/octet-stream', 0, 0, i, i from generate_series(1, ${count}) i`.execute(db);
}
