import type { DomainContext } from '../shared/context.js';
import { claimExtraction, pendingExtractions, recordFailure, saveText } from './claims.js';
import { EXTRACTED_TYPES, textOf, Unreadable } from './text-of.js';

/** Contents handed to the background by one maintenance round. */
const PENDING_PER_ROUND = 100;

/**
 * Reads a content's text into content_texts, if it is of a searched type and
 * nobody has (or is doing it): the claim makes it once per content whatever
 * the number of files and instances. A failure is recorded on the row; a
 * stored object that cannot be read is reported as well.
 */
export async function extractText(ctx: DomainContext, hash: string): Promise<void> {
  const blob = await ctx.db.selectFrom('blobs').select(['storage_key', 'mime_type']).where('hash', '=', hash).executeTakeFirst();
  if (!blob || !EXTRACTED_TYPES.includes(blob.mime_type)) return;
  const token = await claimExtraction(ctx.db, hash, Date.now());
  if (!token) return;
  try {
    await saveText(ctx.db, hash, token, await textOf(() => ctx.store.get(blob.storage_key), blob.mime_type));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await recordFailure(ctx.db, hash, token, reason);
    if (!(err instanceof Unreadable)) throw err;
  }
}

/**
 * Queued once the response is sent: the upload is answered whatever the
 * extraction takes or does, and the other work after responses never waits
 * behind it.
 */
export function extractLater(ctx: DomainContext, hash: string, mimeType: string): void {
  if (!EXTRACTED_TYPES.includes(mimeType)) return;
  ctx.background.defer('queue a text extraction', async () => ctx.extractions.defer('extract a text', () => extractText(ctx, hash)));
}

/**
 * The maintenance pass: contents never extracted (stored before this existed,
 * or while an instance stopped before its background work ran), failed ones
 * with attempts left, and claims whose instance stopped: a batch a round,
 * queued for this process.
 */
export async function extractPending(ctx: DomainContext, now: number): Promise<number> {
  const hashes = await pendingExtractions(ctx.db, EXTRACTED_TYPES, now, PENDING_PER_ROUND);
  for (const hash of hashes) ctx.extractions.defer('extract a text', () => extractText(ctx, hash));
  return hashes.length;
}
