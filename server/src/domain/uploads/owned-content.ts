import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { IngestedObject } from '../../storage/ingest.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { placeUpload, writePlacement, type Placed, type UploadOptions } from './commit-upload.js';

/**
 * A new file (or, with on_conflict=version, a new version) of content the
 * user already holds: one more reference to its blob and no charge, since
 * the quota counts each of a user's contents once. Runs in the caller's
 * transaction, which holds the user (lockUser) and has checked that the user
 * holds the content and owns the folder (a copy checks its target once for
 * all its files); no byte is stored.
 */
export async function placeOwnedContent(
  trx: Db,
  ctx: DomainContext,
  actor: Actor,
  name: string,
  content: Pick<IngestedObject, 'hash' | 'size' | 'mime'>,
  opts: UploadOptions,
): Promise<Placed> {
  const placement = await placeUpload(trx, ctx, actor, name, content.hash, opts);
  await trx.updateTable('blobs').set({ ref_count: sql`ref_count + 1` }).where('hash', '=', content.hash).execute();
  return writePlacement(trx, ctx, actor, placement, content, opts, Date.now(), 0);
}
