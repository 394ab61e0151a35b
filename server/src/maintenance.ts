import type { DomainContext } from './domain/shared/context.js';
import { pruneSessions } from './domain/accounts/sessions.js';
import { collectOrphans, sweepStrayObjects } from './storage/gc.js';
import { heldKeys, pruneExpiredLeases } from './storage/leases.js';

export interface MaintenanceReport {
  blobsCollected: number;
  leasesExpired: number;
  straysRemoved: number;
  uploadsAborted: number;
  sessionsPruned: number;
}

/**
 * One round: orphaned blobs, expired upload leases, then stray objects and
 * abandoned uploads past the grace period that no lease holds, dead sessions.
 */
export async function runMaintenance(ctx: DomainContext): Promise<MaintenanceReport> {
  const now = Date.now();
  const blobsCollected = await collectOrphans(ctx.db, ctx.store);
  const leasesExpired = await pruneExpiredLeases(ctx.db, now);
  const straysRemoved = await sweepStrayObjects(ctx.db, ctx.store, ctx.settings.orphanGraceMs, now);
  const uploadsAborted = (await ctx.store.abortStaleUploads?.(now - ctx.settings.orphanGraceMs, (keys) => heldKeys(ctx.db, keys))) ?? 0;
  const sessionsPruned = await pruneSessions(ctx);
  ctx.observe.collected(blobsCollected + straysRemoved);
  return { blobsCollected, leasesExpired, straysRemoved, uploadsAborted, sessionsPruned };
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
        if (report && (report.blobsCollected || report.leasesExpired || report.straysRemoved || report.uploadsAborted)) ctx.log.info(report, 'storage maintenance');
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
