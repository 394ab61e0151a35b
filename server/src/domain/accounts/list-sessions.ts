import type { SessionInfo } from '@vault/contract';
import { isoTime } from '../../db/index.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { userAgentNames } from './user-agent.js';

/** GET /api/account/sessions: the caller's open sessions, the most recently used first. */
export async function listSessions(ctx: DomainContext, actor: Actor): Promise<SessionInfo[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'address', 'user_agent'])
    .where('user_id', '=', actor.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    created_at: isoTime(r.created_at),
    last_seen_at: isoTime(r.last_seen_at ?? r.created_at),
    address: r.address,
    ...userAgentNames(r.user_agent),
    current: r.id === actor.sessionId,
  }));
}
