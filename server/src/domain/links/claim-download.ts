import { sql } from 'kysely';
import type { ActivityVia } from '@vault/contract';
import type { LinkRow } from '../../db/schema.js';
import type { DomainContext } from '../shared/context.js';
import { LinkRefused } from './refusals.js';
import { linkState, refusalOf, shareLinkActive } from './state.js';

/**
 * Counts one download against the link, atomically: the UPDATE itself checks
 * the limit, expiry and revocation, so concurrent downloads can never exceed
 * max_downloads (each row update is serialised by the database). A password
 * link must also still be at the version its grant was issued for. Tells the
 * owner, and no one else, as it happens.
 */
export async function claimLinkDownload(ctx: DomainContext, link: LinkRow): Promise<void> {
  const now = Date.now();
  let update = ctx.db
    .updateTable('links')
    .set({ downloads: sql`downloads + 1`, last_used_at: now })
    .where('id', '=', link.id)
    .where((eb) => shareLinkActive(eb, now));
  if (link.password_hash !== null) update = update.where('version', '=', link.version);
  const claimed = await update.returning('downloads').executeTakeFirst();
  if (!claimed) {
    const now = await ctx.db.selectFrom('links').selectAll().where('id', '=', link.id).executeTakeFirst();
    throw new LinkRefused(now ? (refusalOf(linkState(now)) ?? 'password_required') : 'not_found');
  }
  await ctx.events.publish({
    event: { type: 'link_downloaded', link_id: link.id, download_count: claimed.downloads, at: new Date(now).toISOString() },
    audience: { userIds: [link.user_id], public: false, onlyNamed: true },
  });
}

/** How a link's downloads came, for its item's activity. */
export function viaShareLink(link: Pick<LinkRow, 'label' | 'id'>): ActivityVia {
  return { kind: 'share_link', link_id: link.id, label: link.label, visitor: null };
}
