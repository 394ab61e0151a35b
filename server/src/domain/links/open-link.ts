import { sql } from 'kysely';
import { LINK_LIMITS, type LinkGrant } from '@vault/contract';
import type { LinkRow } from '../../db/schema.js';
import { ownerActive } from '../access/rules.js';
import type { DomainContext } from '../shared/context.js';
import { LIVE_ITEM } from './live-item.js';
import { LinkRefused } from './refusals.js';
import { linkState, refusalOf } from './state.js';

/**
 * The link behind a token, as its visitor may use it now: known, of this
 * kind, active, and unlocked when it has a password (a grant issued for this
 * link at its current version). Anything else is refused with the reason.
 */
export async function openLink(ctx: DomainContext, kind: LinkRow['kind'], token: string, grant: string | undefined): Promise<LinkRow> {
  const row = await activeLink(ctx, kind, token);
  if (row.password_hash === null) return row;
  if (grant === undefined) throw new LinkRefused('password_required');
  const claims = await ctx.tokens.verifyLinkGrant(grant).catch(() => undefined);
  if (!claims || claims.linkId !== row.id || claims.version !== row.version) throw new LinkRefused('password_required');
  return row;
}

/**
 * The link behind a token while it is active, password or not. A link is a
 * public grant: while its owner's account is disabled, or its item is in
 * Trash, it does not exist.
 */
export async function activeLink(ctx: DomainContext, kind: LinkRow['kind'], token: string): Promise<LinkRow> {
  const row = await ctx.db
    .selectFrom('links')
    .selectAll()
    .where('token', '=', token)
    .where('kind', '=', kind)
    .where(ownerActive(sql.ref('links.user_id')))
    .where(LIVE_ITEM)
    .executeTakeFirst();
  if (!row) throw new LinkRefused('not_found');
  const refusal = refusalOf(linkState(row));
  if (refusal) throw new LinkRefused(refusal);
  return row;
}

/**
 * POST /api/s/{token}/unlock and /api/r/{token}/unlock: the right password
 * earns a short-lived grant for this link alone. A wrong one is refused as
 * 'wrong_password' (the caller counts those per link and per address).
 */
export async function unlockLink(ctx: DomainContext, kind: LinkRow['kind'], token: string, password: string): Promise<LinkGrant> {
  const row = await activeLink(ctx, kind, token);
  if (row.password_hash !== null && !(await ctx.passwords.verify(row.password_hash, password))) throw new LinkRefused('wrong_password');
  const { token: grant, expiresAt } = await ctx.tokens.issueLinkGrant(row.id, row.version, LINK_LIMITS.grantTtlSeconds);
  return { grant, expires_at: new Date(expiresAt).toISOString() };
}
