import { sql } from 'kysely';
import { LINK_LIMITS, type LinkGrant } from '@vault/contract';
import type { LinkRow } from '../../db/schema.js';
import { ownerActive } from '../access/rules.js';
import type { LinkGrantClaims } from '../accounts/tokens.js';
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
  if (row.password_hash !== null) await validGrant(ctx, row, grant);
  return row;
}

/** The claims of a grant issued for this link at its current version; anything else asks for the password. */
async function validGrant(ctx: DomainContext, row: LinkRow, grant: string | undefined): Promise<LinkGrantClaims> {
  const claims = grant === undefined ? undefined : await ctx.tokens.verifyLinkGrant(grant).catch(() => undefined);
  if (!claims || claims.linkId !== row.id || claims.version !== row.version) throw new LinkRefused('password_required');
  return claims;
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
  return issueGrant(ctx, row, Date.now());
}

/**
 * POST /api/s/{token}/grant and /api/r/{token}/grant: a grant that still holds
 * is exchanged for a fresh one, so that an open page (a long upload, a film)
 * outlasts a grant's lifetime — for LINK_LIMITS.grantRenewableSeconds after
 * the password was entered; then, or once the link has changed, the password
 * is asked again.
 */
export async function renewLinkGrant(ctx: DomainContext, kind: LinkRow['kind'], token: string, grant: string | undefined): Promise<LinkGrant> {
  const row = await activeLink(ctx, kind, token);
  const { unlockedAt } = await validGrant(ctx, row, grant);
  if (Date.now() - unlockedAt >= LINK_LIMITS.grantRenewableSeconds * 1000) throw new LinkRefused('password_required');
  return issueGrant(ctx, row, unlockedAt);
}

async function issueGrant(ctx: DomainContext, row: LinkRow, unlockedAt: number): Promise<LinkGrant> {
  const { token: grant, expiresAt } = await ctx.tokens.issueLinkGrant({ linkId: row.id, version: row.version, unlockedAt }, LINK_LIMITS.grantTtlSeconds);
  return { grant, expires_at: new Date(expiresAt).toISOString() };
}
