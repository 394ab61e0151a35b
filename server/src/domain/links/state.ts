import type { ExpressionBuilder } from 'kysely';
import type { LinkRefusal, LinkState } from '@vault/contract';
import type { Database, LinkRow } from '../../db/schema.js';

/** Revoked wins over expired, which wins over exhausted: the first reason the owner can act on. */
export function linkState(row: LinkRow, now = Date.now()): LinkState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && Number(row.expires_at) <= now) return 'expired';
  if (row.kind === 'share') return row.max_downloads !== null && row.downloads >= row.max_downloads ? 'exhausted' : 'active';
  const filesFull = row.max_files !== null && row.files_received >= row.max_files;
  const bytesFull = row.max_bytes !== null && Number(row.bytes_received) >= Number(row.max_bytes);
  return filesFull || bytesFull ? 'exhausted' : 'active';
}

/** The refusal a visitor of a link in this state sees; undefined while active. */
export function refusalOf(state: LinkState): Exclude<LinkRefusal, 'not_found' | 'password_required' | 'wrong_password'> | undefined {
  return state === 'active' ? undefined : state;
}

type Links = ExpressionBuilder<Database, 'links'>;

const openAndUnexpired = (eb: Links, now: number) => [eb('revoked_at', 'is', null), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])];

/**
 * linkState(row) === 'active' for a share link, as a condition over `links`:
 * for statements that must decide and act in one step (a download's claim,
 * the removal of ended links), so nothing changes between the two.
 */
export function shareLinkActive(eb: Links, now: number) {
  return eb.and([...openAndUnexpired(eb, now), eb.or([eb('max_downloads', 'is', null), eb('downloads', '<', eb.ref('max_downloads'))])]);
}

/** The same for a file request: open, not expired, and neither full of files nor of bytes. */
export function fileRequestActive(eb: Links, now: number) {
  return eb.and([
    ...openAndUnexpired(eb, now),
    eb.or([eb('max_files', 'is', null), eb('files_received', '<', eb.ref('max_files'))]),
    eb.or([eb('max_bytes', 'is', null), eb('bytes_received', '<', eb.ref('max_bytes'))]),
  ]);
}
