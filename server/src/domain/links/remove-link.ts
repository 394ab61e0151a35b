import type { ExpressionBuilder } from 'kysely';
import { sentence } from '@vault/contract';
import type { Database, LinkRow } from '../../db/schema.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';
import { expireLinkUploads } from '../resumable/uploads.js';
import { LIVE_ITEM } from './live-item.js';
import { ownedLink } from './owned-link.js';
import { fileRequestActive, shareLinkActive } from './state.js';

/**
 * Share links and file requests that have ended (revoked or closed, expired,
 * used up or full) leave the owner's list for good. An active one is never
 * removed: it is revoked or closed first, so no single click ends a link's
 * access and its record at once. Nothing needs the row: the activity of its
 * downloads and arrivals keeps the link's id and label as they were (ids are
 * never reused). A visitor's unfinished uploads through an ended request
 * were unreachable already; they expire with it, so they stop holding the
 * owner's quota at once and maintenance removes their bytes.
 */
const ACTIVE = { share: shareLinkActive, request: fileRequestActive } as const;
const ended = (kind: LinkRow['kind'], now: number) => (eb: ExpressionBuilder<Database, 'links'>) => eb.not(ACTIVE[kind](eb, now));
const STILL_ACTIVE = { share: sentence('linkStillActive'), request: sentence('fileRequestStillOpen') };

/** DELETE /api/links/ended/{id} and /api/requests/ended/{id}: one ended link of the caller's. */
export async function removeEndedLink(ctx: DomainContext, actor: Actor, kind: LinkRow['kind'], id: number): Promise<void> {
  await ownedLink(ctx.db, actor.id, kind, id);
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    // The state is checked by the DELETE itself: a link made active again meanwhile stays.
    const removed = await trx.deleteFrom('links').where('id', '=', id).where(ended(kind, now)).executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw new Conflict(STILL_ACTIVE[kind]);
    await expireLinkUploads(trx, [id], now);
  });
}

/** DELETE /api/links/ended and /api/requests/ended: every ended link of this kind the caller's list shows (those of items in Trash stay with them). */
export async function removeEndedLinks(ctx: DomainContext, actor: Actor, kind: LinkRow['kind']): Promise<{ removed: number }> {
  const now = Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('links').where('user_id', '=', actor.id).where('kind', '=', kind).where(LIVE_ITEM).where(ended(kind, now)).returning('id').execute();
    await expireLinkUploads(trx, removed.map((r) => r.id), now);
    return { removed: removed.length };
  });
}
