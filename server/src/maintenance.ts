import type { DomainContext } from './domain/context.js';
import { pruneSessions } from './domain/sessions.js';
import { collectOrphans, sweepStrayObjects } from './storage/gc.js';

export interface MaintenanceReport {
  blobsCollected: number;
  straysRemoved: number;
  uploadsAborted: number;
  sessionsPruned: number;
}

/** One round: orphaned blobs, stray objects and abandoned uploads past the grace period, dead sessions. */
export async function runMaintenance(ctx: DomainContext): Promise<MaintenanceReport> {
  const graceStart = Date.now() - ctx.settings.orphanGraceMs;
  const blobsCollected = await collectOrphans(ctx.db, ctx.store);
  const straysRemoved = await sweepStrayObjects(ctx.db, ctx.store, ctx.settings.orphanGraceMs);
  const uploadsAborted = (await ctx.store.abortStaleUploads?.(graceStart)) ?? 0;
  const sessionsPruned = await pruneSessions(ctx);
  return { blobsCollected, straysRemoved, uploadsAborted, sessionsPruned };
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
        if (report && (report.blobsCollected || report.straysRemoved || report.uploadsAborted)) ctx.log.info(report, 'storage maintenance');
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
