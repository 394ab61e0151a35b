import { sentence } from '@vault/contract';
import { sql } from 'kysely';
import type { LinkRow } from '../../db/schema.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict } from '../shared/errors.js';
import { epochOf } from './insert-link.js';
import { ownedLink } from './owned-link.js';
import { namedLinks, type NamedLink } from './dto.js';

/** The settings an owner may change; undefined keeps one, null clears it. */
export interface LinkChange {
  expires_at?: string | null | undefined;
  password?: string | null | undefined;
  label?: string | null | undefined;
  max_downloads?: number | null | undefined;
  allow_preview?: boolean | undefined;
  max_files?: number | null | undefined;
  max_bytes?: number | null | undefined;
  message?: string | null | undefined;
}

/**
 * PATCH /api/links/{id} and /api/requests/{id}. Every change bumps the
 * version, which ends the grants issued so far: a visitor who knew the old
 * password must enter the new one. A revoked link stays revoked.
 */
export async function updateLink(ctx: DomainContext, actor: Actor, kind: LinkRow['kind'], id: number, change: LinkChange): Promise<NamedLink> {
  const row = await ownedLink(ctx.db, actor.id, kind, id);
  if (row.revoked_at !== null) throw new Conflict(sentence(kind === 'share' ? 'linkRevoked' : 'fileRequestClosed'));
  const passwordHash = change.password === undefined ? undefined : change.password === null ? null : await ctx.passwords.hash(change.password);
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
  const set = {
    expires_at: epochOf(change.expires_at),
    password_hash: passwordHash,
    label: text(change.label),
    allow_preview: change.allow_preview === undefined ? undefined : change.allow_preview ? 1 : 0,
    ...(kind === 'share' ? { max_downloads: change.max_downloads } : { max_files: change.max_files, max_bytes: change.max_bytes, message: text(change.message) }),
  };
  await ctx.db
    .updateTable('links')
    .set({
      ...Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)),
      version: sql`version + 1`,
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  const [updated] = await namedLinks(ctx.db, actor.id, kind, { ids: [id] });
  return updated!;
}
