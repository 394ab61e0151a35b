import type { DomainContext } from './domain/shared/context.js';
import { pruneSessions } from './domain/accounts/sessions.js';
import { collectOrphans, sweepStrayObjects } from './storage/gc.js';
import { heldKeys, leasedKeys, pruneExpiredLeases } from './storage/leases.js';
import { expireResumableUploads } from './domain/resumable/expire-uploads.js';
import { purgeTrash } from './domain/trash/purge-trash.js';
import { extractPending } from './domain/texts/extract-text.js';

export interface MaintenanceReport {
  blobsCollected: number;
  resumableExpired: number;
  leasesExpired: number;
  straysRemoved: number;
  uploadsAborted: number;
  /** What unfinished uploads left beside their objects (S3 tails) once nothing leases those. */
  partialsRemoved: number;
  sessionsPruned: number;
  /** Files and folders deleted for good after TRASH_DAYS in Trash. */
  trashPurged: number;
  /** Contents whose text is still to be read, handed to the background work. */
  textsPending: number;
}

/**
 * One round: items past TRASH_DAYS in Trash (their emptied blobs are collected
 * after the round, or by the next), orphaned blobs, expired resumable uploads, expired upload leases, then stray objects,
 * abandoned uploads and what unfinished uploads left beside them, past the grace period and held
 * by no lease, dead sessions; last, contents whose text is still to be read are handed to the
 * background work.
 */
export async function runMaintenance(ctx: DomainContext): Promise<MaintenanceReport> {
  const now = Date.now();
  const trashPurged = await purgeTrash(ctx, now);
  const blobsCollected = await collectOrphans(ctx.db, ctx.store);
  const resumableExpired = await expireResumableUploads(ctx, now);
  const leasesExpired = await pruneExpiredLeases(ctx.db, now);
  const straysRemoved = await sweepStrayObjects(ctx.db, ctx.store, ctx.settings.orphanGraceMs, now);
  const uploadsAborted = (await ctx.store.abortStaleUploads?.(now - ctx.settings.orphanGraceMs, (keys) => heldKeys(ctx.db, keys))) ?? 0;
  const partialsRemoved = (await ctx.store.partial.sweep?.(now - ctx.settings.orphanGraceMs, (keys) => leasedKeys(ctx.db, keys))) ?? 0;
  const sessionsPruned = await pruneSessions(ctx);
  const textsPending = await extractPending(ctx, now);
  ctx.observe.collected(blobsCollected + straysRemoved);
  return { blobsCollected, resumableExpired, leasesExpired, straysRemoved, uploadsAborted, partialsRemoved, sessionsPruned, trashPurged, textsPending };
}

export type Exclusive = <T>(name: string, fn: () => Promise<T>) => Promise<T | undefined>;

/**
 * Runs a round now and then every intervalMs; rounds never overlap, and with
 * several instances only the one holding the lock runs a round. Returns a stop function.
 */
export function scheduleMaintenance(ctx: DomainContext, intervalMs: number, exclusive: Exclusive): () => Promise<void> {
  let running: Promise<void> | undefined;
  const round = () => {
    if (running) return;
    running = exclusive('vault-maintenance', () => runMaintenance(ctx))
      .then((report) => {
        if (report && (report.blobsCollected || report.resumableExpired || report.leasesExpired || report.straysRemoved || report.uploadsAborted || report.partialsRemoved || report.trashPurged || report.textsPending)) ctx.log.info(report, 'storage maintenance');
      })
      .catch((err) => ctx.log.error({ err }, 'storage maintenance failed'))
      .finally(() => {
        running = undefined;
      });
  };
  round();
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
