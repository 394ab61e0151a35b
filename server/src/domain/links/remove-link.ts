import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';
import { LIVE_ITEM } from './live-item.js';
import { ownedLink } from './owned-link.js';
import { shareLinkActive } from './state.js';

/**
 * Share links that have ended (revoked, expired or used up) leave the owner's
 * list for good. An active link is never removed: it is revoked first, so no
 * single click ends a link's access and its record at once. Nothing refers to
 * the row: its downloads' activity names it in words ("via share link #12")
 * and ids are never reused.
 */
const ended = (now: number) => (eb: ExpressionBuilder<Database, 'links'>) => eb.not(shareLinkActive(eb, now));

/** DELETE /api/links/ended/{id}: one ended share link of the caller's. */
export async function removeEndedLink(ctx: DomainContext, actor: Actor, id: number): Promise<void> {
  await ownedLink(ctx.db, actor.id, 'share', id);
  // The state is checked by the DELETE itself: a link made active again meanwhile stays.
  const removed = await ctx.db.deleteFrom('links').where('id', '=', id).where(ended(Date.now())).executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw new Conflict('Revoke the link before removing it');
}

/** DELETE /api/links/ended: every ended share link the caller's list shows (links of items in Trash stay with them). */
export async function removeEndedLinks(ctx: DomainContext, actor: Actor): Promise<{ removed: number }> {
  const removed = await ctx.db
    .deleteFrom('links')
    .where('user_id', '=', actor.id)
    .where('kind', '=', 'share')
    .where(LIVE_ITEM)
    .where(ended(Date.now()))
    .executeTakeFirst();
  return { removed: Number(removed.numDeletedRows) };
}
