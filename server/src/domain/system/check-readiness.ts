import { sql } from 'kysely';
import type { DomainContext } from '../shared/context.js';

export type Health = 'ok' | 'unavailable';

export interface Readiness {
  ready: boolean;
  database: Health;
  storage: Health;
  /** Why each part failed, for the log. */
  failures: string[];
}

/** Ready when the database and the object store both answer. */
export async function checkReadiness(ctx: DomainContext): Promise<Readiness> {
  const checks = await Promise.allSettled([sql`select 1`.execute(ctx.db), ctx.store.ping()]);
  const [database, storage] = checks.map((c): Health => (c.status === 'fulfilled' ? 'ok' : 'unavailable'));
  return {
    ready: checks.every((c) => c.status === 'fulfilled'),
    database: database!,
    storage: storage!,
    failures: checks.map((c) => (c.status === 'rejected' ? String(c.reason) : 'ok')),
  };
}
