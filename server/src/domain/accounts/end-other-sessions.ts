import { activityDetail } from '@vault/contract';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { announceAccessChange, revokeSessions } from './end-sessions.js';

/** POST /api/account/sessions/end-others: "sign out everywhere else"; returns how many sessions ended. */
export async function endOtherSessions(ctx: DomainContext, actor: Actor): Promise<number> {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const n = await revokeSessions(trx, actor.id, { keep: actor.sessionId });
    if (n > 0) await recordActivity(trx, { type: 'sessions_ended', userId: actor.id, detail: activityDetail('sessionsEnded', { count: n }) });
    return n;
  });
  if (ended > 0) await announceAccessChange(ctx, actor.id);
  return ended;
}
