import { Readable } from 'node:stream';
import { THUMBNAIL_EDGE, sentence } from '@vault/contract';
import { newObjectKey } from '../../storage/keys.js';
import { LeaseKeeper, takeLease, uploadLeaseMs } from '../../storage/leases.js';
import type { DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { renderThumbnail, THUMBNAIL_TYPE, Unrenderable } from './render-thumbnail.js';

/** The recipe: changing the rendering means a new kind. */
const THUMBNAIL_RECIPE = `thumbnail-webp-${THUMBNAIL_EDGE}`;

/** A thumbnail to serve: of which content, of what type, for whose files. */
export interface ThumbnailOf {
  hash: string;
  mimeType: string;
  /** The owner of the file it is shown for. */
  ownerId: number;
}

/**
 * A thumbnail's derived_objects.kind: the recipe, and whose files it serves.
 * Each owner's is made on their first demand, never taken from another
 * owner's: one made before answers at once where a first one takes the
 * rendering's time, which would tell the owner that somebody else holds the
 * same picture (and has looked at it).
 */
const kindOf = (ownerId: number) => `${THUMBNAIL_RECIPE} for ${ownerId}`;

export interface StoredThumbnail {
  storage_key: string;
  size: number;
}

async function findThumbnail(ctx: DomainContext, { hash, ownerId }: ThumbnailOf): Promise<StoredThumbnail | undefined> {
  const row = await ctx.db
    .selectFrom('derived_objects')
    .select(['storage_key', 'size'])
    .where('blob_hash', '=', hash)
    .where('kind', '=', kindOf(ownerId))
    .executeTakeFirst();
  return row && { storage_key: row.storage_key, size: Number(row.size) };
}

/**
 * Renders the blob's thumbnail and stores it as a derived object. The object
 * is leased before it is written and its lease swapped for the row in one
 * transaction, like an upload's. Losing a race (another instance stored one
 * first, or the blob was collected meanwhile) drops this object.
 */
async function makeThumbnail(ctx: DomainContext, of: ThumbnailOf): Promise<StoredThumbnail> {
  const { hash, mimeType, ownerId } = of;
  const blob = await ctx.db.selectFrom('blobs').select('storage_key').where('hash', '=', hash).executeTakeFirst();
  if (!blob) throw new NotFound(sentence('fileNotFound'));
  const bytes = await renderThumbnail(() => ctx.store.get(blob.storage_key), mimeType);
  const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
  const key = newObjectKey();
  await leases.hold(key);
  let saved = false;
  try {
    const { size } = await ctx.store.put(key, Readable.from([bytes]));
    saved = await ctx.db.transaction().execute(async (trx) => {
      if (!(await takeLease(trx, key))) return false;
      const row = await trx
        .insertInto('derived_objects')
        .values({ blob_hash: hash, kind: kindOf(ownerId), storage_key: key, size, mime_type: THUMBNAIL_TYPE, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['blob_hash', 'kind']).doNothing())
        .returning('storage_key')
        .executeTakeFirst();
      return row !== undefined;
    });
    if (saved) {
      leases.settled(key);
      return { storage_key: key, size };
    }
  } catch (err) {
    // A blob collected meanwhile fails the reference to it; anything else is reported.
    if (!(await ctx.db.selectFrom('blobs').select('hash').where('hash', '=', hash).executeTakeFirst())) saved = false;
    else throw err;
  } finally {
    if (!saved) {
      await ctx.store.delete(key);
      await leases.release(key);
    }
  }
  const other = await findThumbnail(ctx, of);
  if (!other) throw new NotFound(sentence('fileNotFound'));
  return other;
}

/** Renderings under way in this process, by owner and content, so that many requests for one picture render it once. */
const underWay = new Map<string, Promise<StoredThumbnail>>();

/** How long this process answers a refused rendering's refusal without trying again: a list of many views asks often. */
const REFUSAL_KEPT_MS = 60 * 60_000;
/** Refusals kept at most; the oldest goes first. */
const REFUSALS_KEPT = 10_000;
/** Renderings refused (content that cannot be drawn), by owner and content, until when. */
const refused = new Map<string, { error: Unrenderable; until: number }>();

function remember(id: string, error: Unrenderable): void {
  refused.delete(id);
  if (refused.size >= REFUSALS_KEPT) refused.delete(refused.keys().next().value!);
  refused.set(id, { error, until: Date.now() + REFUSAL_KEPT_MS });
}

/**
 * The owner's stored thumbnail of the content, rendered (from content of this type) and stored on their
 * first demand. Content that cannot be drawn is refused again at once for a while, not drawn again.
 */
export async function thumbnailObject(ctx: DomainContext, of: ThumbnailOf): Promise<StoredThumbnail> {
  const found = await findThumbnail(ctx, of);
  if (found) return found;
  const id = `${kindOf(of.ownerId)} ${of.hash}`;
  const refusal = refused.get(id);
  if (refusal && refusal.until > Date.now()) throw refusal.error;
  let pending = underWay.get(id);
  if (!pending) {
    pending = makeThumbnail(ctx, of)
      .catch((err: unknown) => {
        if (err instanceof Unrenderable) remember(id, err);
        throw err;
      })
      .finally(() => underWay.delete(id));
    underWay.set(id, pending);
  }
  return pending;
}
