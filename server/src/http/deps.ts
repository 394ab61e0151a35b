import type { Config } from '../config.js';
import type { DomainContext } from '../domain/shared/context.js';
import type { CounterStore } from './counter-store.js';
import type { FailureLimiter } from './failure-limiter.js';
import type { RealtimeHub } from './realtime/hub.js';
import type { RequestBudgets } from './request-budgets.js';

/** What route plugins receive. */
export interface HttpDeps {
  ctx: DomainContext;
  config: Config;
  counters: CounterStore;
  failures: FailureLimiter;
  budgets: RequestBudgets;
  realtime: RealtimeHub;
}
