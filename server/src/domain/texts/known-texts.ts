import type { Db } from '../../db/index.js';

/** A text known as its content was stored counts as one extraction made: its upload's. */
export const KNOWN_TEXT_ATTEMPTS = 1;

/**
 * The text row of content whose text is known as it is stored (a small text
 * upload, see IngestedObject.text), written with its blob and already
 * extracted: no extraction claims it or reads its object back, and its files
 * are searchable by it as soon as they exist. Only for new content, in the
 * transaction that writes its blob, so nobody can have claimed it before;
 * content whose blob was there (its object lost, and replaced by this
 * upload's) may have a row already, which stays. PostgreSQL's upload of a
 * new file writes the same row within its one statement (commit-upload.ts).
 */
export async function insertKnownText(trx: Db, hash: string, body: string, now: number): Promise<void> {
  await trx
    .insertInto('content_texts')
    .values({ blob_hash: hash, body, attempts: KNOWN_TEXT_ATTEMPTS, extracted_at: now })
    .onConflict((oc) => oc.column('blob_hash').doNothing())
    .execute();
}
