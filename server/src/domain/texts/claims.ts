import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';

/** Contents claimed and read together: the claim and the results each take one statement for all of them. */
export const CLAIM_BATCH = 16;
/** How long a claim holds: longer than reading a whole batch, each content being stopped after 30 s at most. */
const CLAIM_MS = 10 * 60_000;
/** Extractions begun at most for one content: one that keeps failing (or crashing its instance) is given up. */
export const MAX_ATTEMPTS = 3;
/** Texts kept in memory before they are written, when a batch holds large ones. */
const RESULT_BYTES = 4 * 1_048_576;

/** A content claimed for reading: where its object is and what type it is. */
export interface Claimed {
  hash: string;
  storage_key: string;
  mime_type: string;
}

/**
 * Claims the extraction of those of `hashes` whose blob exists, is of one of
 * `types` and has no text yet that nobody holds (or whose holder's claim
 * expired), all in one statement under one token: a conditional upsert, so
 * of several instances exactly one wins each content; and, under the same
 * token, reading again those whose text is read but has files left unlinked
 * (claimRereads). The token then guards the writes of the results.
 */
export async function claimExtractions(db: Db, dialect: Dialect, hashes: string[], types: string[], now: number): Promise<{ token: string; claimed: Claimed[] }> {
  const token = randomUUID();
  if (hashes.length === 0) return { token, claimed: [] };
  const until = now + CLAIM_MS;
  const claim = () =>
    db
      .insertInto('content_texts')
      .columns(['blob_hash', 'attempts', 'claim_token', 'claimed_until'])
      .expression(
        db
          .selectFrom('blobs')
          .select((eb) => ['hash', eb.lit(1).as('attempts'), eb.cast(eb.val(token), 'text').as('claim_token'), eb.cast(eb.val(until), 'bigint').as('claimed_until')])
          .where('hash', 'in', hashes)
          .where('mime_type', 'in', types)
          // Each text row's insert locks its blob (it links the content's files on PostgreSQL): in
          // hash order, as every transaction that locks several blobs does, so none waits in a cycle.
          .orderBy('hash'),
      )
      .onConflict((oc) =>
        oc
          .column('blob_hash')
          .doUpdateSet({ attempts: sql`content_texts.attempts + 1`, claim_token: token, claimed_until: until })
          .where('content_texts.extracted_at', 'is', null)
          .where(sql`coalesce(content_texts.claimed_until, 0)`, '<', now)
          .where('content_texts.attempts', '<', MAX_ATTEMPTS),
      )
      .returning('blob_hash')
      .execute();
  // A blob collected between the statement's read and its reference check
  // fails the reference; a second statement no longer sees that blob.
  const rows = await claim().catch((err: unknown) => {
    if ((err as { code?: unknown }).code === '23503') return claim();
    throw err;
  });
  const won = [...rows.map((r) => r.blob_hash), ...(await claimRereads(db, dialect, hashes, token, now, until))];
  if (won.length === 0) return { token, claimed: [] };
  const claimed = await db
    .selectFrom('blobs')
    .select(['hash', 'storage_key', 'mime_type'])
    .where('hash', 'in', won)
    .execute();
  return { token, claimed };
}

/**
 * Locks the text rows of `hashes` in hash order, on PostgreSQL, before a
 * statement that updates several of them: an UPDATE locks rows in whatever
 * order its plan meets them, and the claim's upsert locks them in hash order,
 * so two instances whose batches overlap would otherwise each hold a row the
 * other waits for. FOR NO KEY UPDATE is what those updates take: it leaves the
 * key-share locks of files' references to the rows alone. SQLite runs one
 * writer at a time.
 */
async function lockTexts(trx: Db, dialect: Dialect, hashes: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select blob_hash from content_texts where blob_hash in (${sql.join(hashes)}) order by blob_hash for no key update`.execute(trx);
}

/** The content (its hash in the column `hash`) has files not linked to its text: their owners had it only after it was read for somebody else. */
const hasUnlinkedFiles = (hash: string) => sql<SqlBool>`exists (select 1 from files f where f.blob_hash = ${sql.ref(hash)} and f.text_id is null)`;

/**
 * Claims reading again the texts of those of `hashes` that are read but have
 * files left unlinked (see migration 0310): such a file is linked only by a
 * reading of its own, which takes what a first reading takes, so that
 * nothing tells its owner that the content's text was there before.
 */
async function claimRereads(db: Db, dialect: Dialect, hashes: string[], token: string, now: number, until: number): Promise<string[]> {
  const rows = await db.transaction().execute(async (trx) => {
    await lockTexts(trx, dialect, hashes);
    return trx
      .updateTable('content_texts')
      .set({ claim_token: token, claimed_until: until })
      .where('blob_hash', 'in', hashes)
      .where('extracted_at', 'is not', null)
      .where(sql`coalesce(claimed_until, 0)`, '<', now)
      .where(hasUnlinkedFiles('content_texts.blob_hash'))
      .returning('blob_hash')
      .execute();
  });
  return rows.map((r) => r.blob_hash);
}

/**
 * The results of one claim, written together: texts as they are read, held
 * until the end of the batch or until RESULT_BYTES of them are waiting.
 */
export class ClaimResults {
  private texts: { hash: string; body: string }[] = [];
  private failures: { hash: string; failure: string }[] = [];
  private bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly token: string,
  ) {}

  async text(hash: string, body: string): Promise<void> {
    this.texts.push({ hash, body });
    this.bytes += body.length;
    if (this.bytes >= RESULT_BYTES) await this.write();
  }

  /** Why the content could not be read; the maintenance pass tries again until MAX_ATTEMPTS. */
  failure(hash: string, failure: string): void {
    this.failures.push({ hash, failure: failure.slice(0, 500) });
  }

  /**
   * Ends the claims: each row takes its text or its failure, where the claim
   * is still this one's, and the files left unlinked from a text read take
   * it. A text read before keeps it when reading it again fails: that
   * failure cannot unread it.
   */
  async write(): Promise<void> {
    const [texts, failures] = [this.texts, this.failures];
    this.texts = [];
    this.failures = [];
    this.bytes = 0;
    const ended = [...texts, ...failures].map((r) => r.hash);
    if (ended.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await lockTexts(trx, this.dialect, ended);
      if (texts.length > 0) {
        const values = sql.join(texts.map((t) => sql`(${t.hash}, ${t.body})`));
        await sql`with v (hash, body) as (values ${values})
          update content_texts set body = v.body, failure = null, extracted_at = ${Date.now()}, claim_token = null, claimed_until = null
          from v where content_texts.blob_hash = v.hash and content_texts.claim_token = ${this.token}`.execute(trx);
      }
      if (failures.length > 0) {
        const values = sql.join(failures.map((f) => sql`(${f.hash}, ${f.failure})`));
        await sql`with v (hash, failure) as (values ${values})
          update content_texts set failure = case when content_texts.extracted_at is null then v.failure end, claim_token = null, claimed_until = null
          from v where content_texts.blob_hash = v.hash and content_texts.claim_token = ${this.token}`.execute(trx);
      }
    });
    await linkingFiles(ended).execute(this.db);
  }
}

/**
 * Links the unlinked files of `hashes` whose texts are read, found by their
 * content. The unary `+` keeps SQLite off its `text_id` index, which it
 * chose for a batch of CLAIM_BATCH hashes: that walks every file without a
 * text (each file of a type that has none), 50 ms at a time on the event
 * loop under the mixed load.
 */
export function linkingFiles(hashes: string[]) {
  return sql`update files set text_id = ct.id from content_texts ct
    where ct.blob_hash = files.blob_hash and ct.blob_hash in (${sql.join(hashes)}) and ct.extracted_at is not null and +files.text_id is null`;
}

/**
 * Contents of the searched types that have no text yet and may be tried
 * (again): none, a failed or an expired claim; and those whose text is read
 * but has files left unlinked (claimRereads), unclaimed.
 */
export async function pendingExtractions(db: Db, types: string[], now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('blobs as b')
    .leftJoin('content_texts as t', 't.blob_hash', 'b.hash')
    .select('b.hash')
    .where('b.ref_count', '>', 0)
    .where('b.mime_type', 'in', types)
    .where((eb) =>
      eb.or([
        eb('t.blob_hash', 'is', null),
        eb.and([eb('t.extracted_at', 'is', null), eb(sql`coalesce(t.claimed_until, 0)`, '<', now), eb('t.attempts', '<', MAX_ATTEMPTS)]),
        eb.and([
          eb('t.extracted_at', 'is not', null),
          eb(sql`coalesce(t.claimed_until, 0)`, '<', now),
          hasUnlinkedFiles('b.hash'),
        ]),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.hash);
}
