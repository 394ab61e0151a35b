import { sql } from 'kysely';
import type { LinkRow } from '../../db/schema.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { expireLinkUploads } from '../resumable/uploads.js';
import { ownedLink } from './owned-link.js';

/**
 * DELETE /api/links/{id} (revoke) and /api/requests/{id} (close): at once and
 * for good. The row stays, so the owner still sees it and its counts; the
 * version bump ends its grants, and every request checks revoked_at anyway.
 * A closed request's unfinished uploads expire with it: they stop holding the
 * owner's quota at once, and maintenance removes their bytes.
 */
export async function revokeLink(ctx: DomainContext, actor: Actor, kind: LinkRow['kind'], id: number): Promise<void> {
  await ownedLink(ctx.db, actor.id, kind, id);
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('links').set({ revoked_at: now, version: sql`version + 1`, updated_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    await expireLinkUploads(trx, [id], now);
  });
}
