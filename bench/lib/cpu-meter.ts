import { backendCpu, backendCpuBetween, watchBackendCpu } from './pg-cpu.js';
import { ms } from './report.js';
import { cpuSecondsOf } from './server.js';

/** CPU seconds a stretch of work cost: the server's, and its PostgreSQL backends' when it has a database. */
export interface CpuCost {
  server: number;
  postgres: number | undefined;
}

/**
 * Starts counting the CPU of the server `pid` and of the backends serving
 * `pgDatabase`; `stop` says what was used since. Backends are watched
 * throughout, so one that ends meanwhile still counts.
 */
export async function meterCpu(pid: number, pgDatabase: string | undefined): Promise<{ stop(): Promise<CpuCost> }> {
  const server = cpuSecondsOf(pid);
  const before = pgDatabase ? await backendCpu(pgDatabase) : undefined;
  const watch = pgDatabase ? watchBackendCpu(pgDatabase) : undefined;
  return {
    async stop() {
      const used = cpuSecondsOf(pid) - server;
      return { server: used, postgres: watch && before ? backendCpuBetween(before, await watch.stop()) : undefined };
    },
  };
}

/** A cost per item, as the bench prints it: "server CPU per X", then the backends' when measured. */
export function costPer(cost: CpuCost, items: number, what: string): string[] {
  const each = (seconds: number) => ms((seconds * 1000) / items);
  const parts = [`server CPU per ${what} ${each(cost.server)}`];
  if (cost.postgres !== undefined) parts.push(`PostgreSQL backends ${each(cost.postgres)}`);
  return parts;
}
