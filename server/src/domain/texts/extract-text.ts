import type { Logger } from '../../logger.js';
import { createBackground, createBatches, type Batches } from '../../background.js';
import type { DomainContext } from '../shared/context.js';
import { CLAIM_BATCH, ClaimResults, claimExtractions, pendingExtractions } from './claims.js';
import { EXTRACTED_TYPES, textOf, Unreadable } from './text-of.js';

/** Contents handed to the background by one maintenance round. */
const PENDING_PER_ROUND = 100;

/**
 * Reads the texts of contents into content_texts, those of a searched type
 * that nobody has read (or is reading): the claim makes it once per content
 * whatever the number of files and instances. One statement claims the
 * batch and one writes its results, so a burst of uploads shares them. A
 * failure is recorded on the row; one other than an unreadable content is
 * reported once the batch is written.
 */
export async function extractTexts(ctx: DomainContext, hashes: string[]): Promise<void> {
  const { token, claimed } = await claimExtractions(ctx.db, ctx.dialect, hashes, EXTRACTED_TYPES, Date.now());
  const results = new ClaimResults(ctx.db, ctx.dialect, token);
  let fault: unknown;
  for (const blob of claimed) {
    try {
      await results.text(blob.hash, await textOf(() => ctx.store.get(blob.storage_key), blob.mime_type));
    } catch (err) {
      results.failure(blob.hash, err instanceof Error ? err.message : String(err));
      if (!(err instanceof Unreadable)) fault ??= err;
    }
  }
  await results.write();
  if (fault) throw fault;
}

/** The process's queue of contents to read: slow work (a PDF may take 30 s), so apart from the other work after responses. */
export function textExtractions(log: Logger, ctx: () => DomainContext): Batches<string> {
  return createBatches(createBackground(log), 'extract texts', CLAIM_BATCH, (hashes) => extractTexts(ctx(), hashes));
}

/**
 * Queued once the response is sent: the upload is answered whatever the
 * extraction takes or does, and the other work after responses never waits
 * behind it.
 */
export function extractLater(ctx: DomainContext, hash: string, mimeType: string): void {
  if (!EXTRACTED_TYPES.includes(mimeType)) return;
  ctx.background.defer('queue a text extraction', async () => ctx.extractions.add([hash]));
}

/**
 * The maintenance pass: contents never extracted (stored before this existed,
 * or while an instance stopped before its background work ran), failed ones
 * with attempts left, and claims whose instance stopped: a batch a round,
 * queued for this process.
 */
export async function extractPending(ctx: DomainContext, now: number): Promise<number> {
  const hashes = await pendingExtractions(ctx.db, EXTRACTED_TYPES, now, PENDING_PER_ROUND);
  ctx.extractions.add(hashes);
  return hashes.length;
}
