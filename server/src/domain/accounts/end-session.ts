import { sentence, activityDetail } from '@vault/contract';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { announceAccessChange, revokeSessions } from './end-sessions.js';

/** DELETE /api/account/sessions/{id}: one of the caller's own open sessions (another user's is "not found"). */
export async function endSession(ctx: DomainContext, actor: Actor, sessionId: string): Promise<void> {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const n = await revokeSessions(trx, actor.id, { only: sessionId });
    if (n > 0) await recordActivity(trx, { type: 'sessions_ended', userId: actor.id, detail: activityDetail('sessionsEnded', { count: 1 }) });
    return n;
  });
  if (ended === 0) throw new NotFound(sentence('sessionNotFound'));
  await announceAccessChange(ctx, actor.id);
}
