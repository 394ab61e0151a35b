import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { byKey } from '../db/keyset.js';
import { batched } from './gc.js';
import { heldKeys } from './leases.js';
import type { ObjectStore } from './object-store.js';

/** Something the database and the store disagree on. verify reports; it never changes anything. */
export type Finding =
  | { kind: 'missing_object'; hash: string; key: string }
  | { kind: 'corrupt_object'; hash: string; key: string; actualHash: string; size: number; expectedSize: number }
  | { kind: 'stray_object'; key: string }
  | { kind: 'ref_count'; hash: string; recorded: number; files: number }
  | { kind: 'used_bytes'; userId: number; username: string; recorded: number; holds: number }
  | { kind: 'text_link'; fileId: number; hash: string; textOf: string }
  | { kind: 'missing_thumbnail'; hash: string; key: string };

export interface VerifyReport {
  findings: Finding[];
  blobs: number;
  objects: number;
  users: number;
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** One line per finding, naming what to look at. */
export function describeFinding(f: Finding): string {
  switch (f.kind) {
    case 'missing_object':
      return `missing object: blob ${f.hash} points at ${f.key}, which is not in the store`;
    case 'corrupt_object':
      return `corrupt object: ${f.key} of blob ${f.hash} holds ${f.size} bytes hashing to ${f.actualHash} (expected ${f.expectedSize} bytes)`;
    case 'stray_object':
      return `stray object: ${f.key} belongs to no blob, no thumbnail and no upload in progress`;
    case 'ref_count':
      return `wrong ref_count: blob ${f.hash} records ${f.recorded}, but ${f.files} ${f.files === 1 ? 'file or version refers' : 'files and versions refer'} to it`;
    case 'used_bytes':
      return `wrong used_bytes: user ${f.userId} (${f.username}) is charged ${f.recorded} bytes but holds ${f.holds}`;
    case 'text_link':
      return `wrong text link: file ${f.fileId} of content ${f.hash} is linked to the text of content ${f.textOf}`;
    case 'missing_thumbnail':
      return `missing thumbnail: a thumbnail of content ${f.hash} points at ${f.key}, which is not in the store`;
  }
}

export function summarize(report: VerifyReport): string {
  const checked = `${counted(report.blobs, 'blob')}, ${counted(report.objects, 'object')}, ${counted(report.users, 'user')}`;
  const n = report.findings.length;
  return `verify: ${n === 0 ? 'clean' : counted(n, 'problem')} (${checked})`;
}

/**
 * The counts that every change must keep exact: each blob's ref_count is its
 * number of file and version rows, and each user is charged the sizes of the
 * distinct content of their own files and versions.
 */
export async function accountingFindings(db: Db): Promise<Finding[]> {
  const { rows: refs } = await sql<{ hash: string; recorded: number; files: number }>`select * from (
      select b.hash, b.ref_count as recorded, (select count(*) from content_refs f where f.blob_hash = b.hash) as files from blobs b
    ) c where c.recorded <> c.files order by c.hash`.execute(db);
  const { rows: users } = await sql<{ id: number; username: string; recorded: number; holds: number }>`select * from (
      select u.id, u.username, u.used_bytes as recorded,
        (select coalesce(sum(b.size), 0) from blobs b where exists (select 1 from content_refs f where f.user_id = u.id and f.blob_hash = b.hash)) as holds
      from users u
    ) c where c.recorded <> c.holds order by c.id`.execute(db);
  return [
    ...refs.map((r): Finding => ({ kind: 'ref_count', hash: r.hash, recorded: Number(r.recorded), files: Number(r.files) })),
    ...users.map((u): Finding => ({ kind: 'used_bytes', userId: u.id, username: u.username, recorded: Number(u.recorded), holds: Number(u.holds) })),
  ];
}

/**
 * Each file linked to a text is linked to its own content's: another content's
 * text would put that content's words in the file's search matches and
 * snippets, whoever owns it.
 */
export async function textLinkFindings(db: Db): Promise<Finding[]> {
  const rows = await db
    .selectFrom('files as f')
    .innerJoin('content_texts as t', 't.id', 'f.text_id')
    .select(['f.id', 'f.blob_hash', 't.blob_hash as text_of'])
    .whereRef('t.blob_hash', '<>', 'f.blob_hash')
    .orderBy('f.id')
    .execute();
  return rows.map((r): Finding => ({ kind: 'text_link', fileId: r.id, hash: r.blob_hash, textOf: r.text_of }));
}

async function sha256Of(store: ObjectStore, key: string): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await store.get(key)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}

/** Every blob, in the order of its hash. */
export function everyBlob(db: Db): AsyncIterable<{ hash: string; size: number; storage_key: string }> {
  return byKey(
    (after, limit) => db.selectFrom('blobs').select(['hash', 'size', 'storage_key']).where('hash', '>', after).orderBy('hash').limit(limit).execute(),
    (blob) => blob.hash,
  );
}

/** Every blob's object is there and hashes to the blob's name. */
async function* blobFindings(db: Db, store: ObjectStore, tally: { blobs: number }): AsyncIterable<Finding> {
  for await (const blob of everyBlob(db)) {
    tally.blobs += 1;
    if (!(await store.exists(blob.storage_key))) {
      // A blob collected since the page was read is not missing anything.
      const still = await db.selectFrom('blobs').select('hash').where('storage_key', '=', blob.storage_key).executeTakeFirst();
      if (still) yield { kind: 'missing_object', hash: blob.hash, key: blob.storage_key };
      continue;
    }
    const actual = await sha256Of(store, blob.storage_key);
    if (actual.hash !== blob.hash || actual.size !== Number(blob.size)) {
      yield { kind: 'corrupt_object', hash: blob.hash, key: blob.storage_key, actualHash: actual.hash, size: actual.size, expectedSize: Number(blob.size) };
    }
  }
}

/** Thumbnails whose object is gone: none is drawn again while its row says it is there. */
export async function* thumbnailFindings(db: Db, store: ObjectStore): AsyncIterable<Finding & { kind: 'missing_thumbnail' }> {
  const thumbnails = byKey(
    (after, limit) => db.selectFrom('derived_objects').select(['blob_hash', 'storage_key']).where('storage_key', '>', after).orderBy('storage_key').limit(limit).execute(),
    (row) => row.storage_key,
  );
  for await (const row of thumbnails) {
    if (await store.exists(row.storage_key)) continue;
    // One collected with its blob since the page was read is not missing.
    const still = await db.selectFrom('derived_objects').select('storage_key').where('storage_key', '=', row.storage_key).executeTakeFirst();
    if (still) yield { kind: 'missing_thumbnail', hash: row.blob_hash, key: row.storage_key };
  }
}

/** Objects that no blob or thumbnail points at and no lease holds (an upload in progress is not stray). */
async function* strayFindings(db: Db, store: ObjectStore, tally: { objects: number }): AsyncIterable<Finding> {
  for await (const keys of batched(store.listOlderThan(Number.MAX_SAFE_INTEGER))) {
    tally.objects += keys.length;
    const held = await heldKeys(db, keys);
    for (const key of keys) {
      // An upload that failed since the listing took its object with it.
      if (!held.has(key) && (await store.exists(key))) yield { kind: 'stray_object', key };
    }
  }
}

/**
 * Walks the database and the store and reports where they disagree: blobs
 * whose object is missing or does not hash to the blob's name, thumbnails
 * whose object is missing, objects that
 * belong to nothing, ref_counts and used_bytes that differ from the rows,
 * files linked to another content's text.
 * Reads only; `onFinding` sees each finding as it is found.
 */
export async function verifyStorage(db: Db, store: ObjectStore, onFinding: (f: Finding) => void = () => undefined): Promise<VerifyReport> {
  const tally = { blobs: 0, objects: 0 };
  const findings: Finding[] = [];
  const report = (f: Finding) => {
    findings.push(f);
    onFinding(f);
  };
  for await (const f of blobFindings(db, store, tally)) report(f);
  for await (const f of thumbnailFindings(db, store)) report(f);
  for await (const f of strayFindings(db, store, tally)) report(f);
  for (const f of await accountingFindings(db)) report(f);
  for (const f of await textLinkFindings(db)) report(f);
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { findings, blobs: tally.blobs, objects: tally.objects, users: Number(users.n) };
}
