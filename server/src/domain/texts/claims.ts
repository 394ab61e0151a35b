import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** How long a claim holds: longer than any extraction's own time limit. */
const CLAIM_MS = 5 * 60_000;
/** Extractions begun at most for one content: one that keeps failing (or crashing its instance) is given up. */
export const MAX_ATTEMPTS = 3;

/**
 * Claims a content's extraction for this caller, or says someone else holds it
 * (or it is done, or given up). A conditional upsert decides, so of several
 * instances exactly one wins; an expired claim (its instance stopped) can be
 * taken over. The token then guards the writes of the result.
 */
export async function claimExtraction(db: Db, hash: string, now: number): Promise<string | undefined> {
  const token = randomUUID();
  const until = now + CLAIM_MS;
  try {
    const row = await db
      .insertInto('content_texts')
      .values({ blob_hash: hash, attempts: 1, claim_token: token, claimed_until: until })
      .onConflict((oc) =>
        oc
          .column('blob_hash')
          .doUpdateSet({ attempts: sql`content_texts.attempts + 1`, claim_token: token, claimed_until: until })
          .where('content_texts.extracted_at', 'is', null)
          .where(sql`coalesce(content_texts.claimed_until, 0)`, '<', now)
          .where('content_texts.attempts', '<', MAX_ATTEMPTS),
      )
      .returning('claim_token')
      .executeTakeFirst();
    return row?.claim_token === token ? token : undefined;
  } catch (err) {
    // The blob was collected meanwhile: the reference to it fails, and there is nothing to read.
    if (!(await db.selectFrom('blobs').select('hash').where('hash', '=', hash).executeTakeFirst())) return undefined;
    throw err;
  }
}

/** Ends the claim with the content's text. */
export async function saveText(db: Db, hash: string, token: string, body: string): Promise<void> {
  await db
    .updateTable('content_texts')
    .set({ body, failure: null, extracted_at: Date.now(), claim_token: null, claimed_until: null })
    .where('blob_hash', '=', hash)
    .where('claim_token', '=', token)
    .execute();
}

/** Ends the claim with why it failed; the maintenance pass tries again until MAX_ATTEMPTS. */
export async function recordFailure(db: Db, hash: string, token: string, failure: string): Promise<void> {
  await db
    .updateTable('content_texts')
    .set({ failure: failure.slice(0, 500), claim_token: null, claimed_until: null })
    .where('blob_hash', '=', hash)
    .where('claim_token', '=', token)
    .execute();
}

/** Contents of the searched types that have no text yet and may be tried (again): none, a failed or an expired claim. */
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
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => r.hash);
}
