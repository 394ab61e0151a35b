import { activityDetail, type ActivityDetail } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { Actor, DomainContext } from '../shared/context.js';

/**
 * Revokes a user's open sessions (all, all but `keep`, or only `only`) and
 * returns how many ended. Their tokens fail at the next request on every
 * instance, since each request reads its session.
 */
export async function revokeSessions(db: Db, userId: number, which: { keep?: string; only?: string } = {}, now = Date.now()): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (which.keep !== undefined) query = query.where('id', '!=', which.keep);
  if (which.only !== undefined) query = query.where('id', '=', which.only);
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Ends every session of the actor's user but the actor's own, as a change of
 * sign-in security does (a thief's session among them); returns what the
 * change's activity row says of them.
 */
export async function endSessionsButThis(db: Db, actor: Pick<Actor, 'id' | 'sessionId'>): Promise<ActivityDetail | null> {
  const ended = await revokeSessions(db, actor.id, { keep: actor.sessionId });
  return ended > 0 ? activityDetail('otherSessionsEnded', { count: ended }) : null;
}

/**
 * Tells every instance that the user's access changed: each re-authenticates
 * that user's websockets against the database and closes those whose session
 * ended; the others are then told their account changed, so that their tabs
 * read it again (a demoted admin's tab stops showing the admin panel). Call
 * after the change is committed.
 */
export async function announceAccessChange(ctx: DomainContext, userId: number): Promise<void> {
  await ctx.events.publishAccessChange({ userId });
  await ctx.events.publish({ event: { type: 'account_changed', at: new Date().toISOString() }, audience: { userIds: [userId], public: false, onlyNamed: true } });
}
