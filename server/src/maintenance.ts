import type { DomainContext } from './domain/context.js';
import { pruneSessions } from './domain/sessions.js';
import { collectOrphans, sweepStrayObjects } from './storage/gc.js';

export interface MaintenanceReport {
  blobsCollected: number;
  straysRemoved: number;
  sessionsPruned: number;
}

/** One round: orphaned blobs, stray objects past the grace period, dead sessions. */
export async function runMaintenance(ctx: DomainContext): Promise<MaintenanceReport> {
  const blobsCollected = await collectOrphans(ctx.db, ctx.store);
  const straysRemoved = await sweepStrayObjects(ctx.db, ctx.store, ctx.settings.orphanGraceMs);
  const sessionsPruned = await pruneSessions(ctx);
  return { blobsCollected, straysRemoved, sessionsPruned };
}

/** Runs a round now and then every intervalMs; rounds never overlap. Returns a stop function. */
export function scheduleMaintenance(ctx: DomainContext, intervalMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  const round = () => {
    if (running) return;
    running = runMaintenance(ctx)
      .then((report) => {
        if (report.blobsCollected || report.straysRemoved) ctx.log.info(report, 'storage maintenance');
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
