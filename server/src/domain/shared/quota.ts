import { sql, type ExpressionBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import type { Db } from '../../db/index.js';
import type { Database, UserRow } from '../../db/schema.js';
import { QuotaExceeded } from './errors.js';

/**
 * What a user is charged: the distinct content of their own files and of
 * those files' versions (content_refs holds both). A second copy of their own
 * content, or a version that did not change it, is free; someone else's copy
 * of the same content is not, or the quota would reveal that another user
 * holds it. Kept in users.used_bytes by the transactions that add and release
 * files and versions, under the user's lock, so reading it costs one row
 * whatever the number of files.
 */
export async function charge(trx: Db, userId: number, bytes: number): Promise<void> {
  await trx.updateTable('users').set(charged(bytes)).where('id', '=', userId).execute();
}

/**
 * Charges new content, refusing it when it would take the user past their
 * quota (what the same transaction released counts). The quota is read from
 * the row the charge updated, so even a change of quota committed meanwhile
 * is seen: the row lock of this UPDATE is what makes concurrent charges exact.
 */
export async function chargeWithin(trx: Db, userId: number, bytes: number, quotaOf: QuotaOf): Promise<void> {
  const [row] = await chargeRow(trx, { userId, bytes });
  if (!row) throw new Error(`user ${userId} vanished`);
  if (Number(row.used_bytes) > quotaOf(row)) throw new QuotaExceeded();
}

/**
 * Refuses content that would take the user past their quota were it new to
 * them, whatever they hold. Read under the user's exclusive lock, so exact.
 */
export async function fitsAsNew(trx: Db, userId: number, bytes: number, quotaOf: QuotaOf): Promise<void> {
  const row = await trx.selectFrom('users').select(['used_bytes', 'storage_quota_bytes']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw new Error(`user ${userId} vanished`);
  if (Number(row.used_bytes) + bytes > quotaOf(row)) throw new QuotaExceeded();
}

const chargeRow = compiledOnce((db: Db, v: { userId: number; bytes: number }) =>
  db.updateTable('users').set(charged(v.bytes)).where('id', '=', v.userId).returning(['used_bytes', 'storage_quota_bytes']),
);

/**
 * On PostgreSQL, a charge left for the commit (see migration 0300) refuses
 * the commit past the quota: that refusal, as the upload's.
 */
export function quotaRefusal(err: unknown): unknown {
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23514' && constraint === 'quota_charges_within_quota' ? new QuotaExceeded() : err;
}

/** A user's quota in bytes, from their row. */
export type QuotaOf = (user: Pick<UserRow, 'storage_quota_bytes'>) => number;

/** A charge's change to the user's row, for an UPDATE of users. */
function charged(bytes: number) {
  return { used_bytes: sql<number>`used_bytes + ${bytes}` };
}

/** Whether the user holds this content, in a file or a version, as an expression of a statement on blobs. */
export function holdsContent(eb: ExpressionBuilder<Database, 'blobs'>, userId: number, hash: string) {
  return eb.exists(eb.selectFrom('content_refs').select('user_id').where('user_id', '=', userId).where('blob_hash', '=', hash));
}

/** Content someone holds has its blob row. Once per uploaded file, so compiled once. */
const contentLook = compiledOnce((db: Db, v: { userId: number; hash: string }) =>
  db.selectFrom('blobs').select((eb) => ['storage_key', holdsContent(eb, v.userId, v.hash).as('held')]).where('hash', '=', v.hash),
);

/** What one look at known content says: whether the user holds it, and where its object is stored (undefined: unknown content). */
export interface ContentLook {
  owned: boolean;
  storageKey: string | undefined;
}

/** Whether the user already holds this content, in a file or a version (then another copy costs nothing), and where it is stored. */
export async function lookAtContent(db: Db, userId: number, hash: string): Promise<ContentLook> {
  const [row] = await contentLook(db, { userId, hash });
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return { owned: Boolean(row?.held), storageKey: row?.storage_key };
}

/** Whether the user already holds this content, in a file or a version (then another copy costs nothing). */
export async function ownsContent(db: Db, userId: number, hash: string): Promise<boolean> {
  // Content someone holds has its blob row.
  const row = await db.selectFrom('blobs').select((eb) => holdsContent(eb, userId, hash).as('held')).where('hash', '=', hash).executeTakeFirst();
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  return Boolean(row?.held);
}

/**
 * The object of content the user already holds that starts with the bytes of
 * this head hash (see storage/ingest.ts), if any: from the few blobs with that
 * head (an index), each looked up among the user's references, so the cost
 * does not grow with the user's files (the other way round read all of them:
 * 94 ms at 100,000).
 */
export async function ownObjectStartingWith(db: Db, userId: number, headHash: string): Promise<{ key: string; hash: string } | undefined> {
  return db
    .selectFrom('blobs as b')
    .select(['b.storage_key as key', 'b.hash'])
    .where('b.head_hash', '=', headHash)
    .where((eb) => eb.exists(eb.selectFrom('content_refs as r').select('r.user_id').where('r.user_id', '=', userId).whereRef('r.blob_hash', '=', 'b.hash')))
    .limit(1)
    .executeTakeFirst();
}

/**
 * The largest content the user holds (a copy of their own content is at most
 * this large), as a subquery: the largest of files and of versions, each read
 * at the end of its (user_id, size) index. A max over content_refs would read
 * every reference the user holds (39 ms at 100,000 files, on every upload).
 */
export function largestOwnContent(eb: ExpressionBuilder<Database, keyof Database>, userId: number) {
  const inFiles = eb.selectFrom('files').select((e) => e.fn.max('file_size').as('size')).where('user_id', '=', userId);
  const inVersions = eb.selectFrom('file_versions').select((e) => e.fn.max('size').as('size')).where('user_id', '=', userId);
  return eb.selectFrom(inFiles.unionAll(inVersions).as('m')).select((e) => e.fn.max('m.size').as('size'));
}
