import { sentence } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { LinkRow } from '../../db/schema.js';
import { NotFound } from '../shared/errors.js';
import { LIVE_ITEM } from './live-item.js';

const NOT_FOUND = { share: sentence('linkNotFound'), request: sentence('fileRequestNotFound') };

/** One of the caller's links of this kind, its item live; anyone else's is "not found". */
export async function ownedLink(db: Db, ownerId: number, kind: LinkRow['kind'], id: number): Promise<LinkRow> {
  const row = await db.selectFrom('links').selectAll().where('id', '=', id).where('kind', '=', kind).where(LIVE_ITEM).executeTakeFirst();
  if (!row || row.user_id !== ownerId) throw new NotFound(NOT_FOUND[kind]);
  return row;
}
