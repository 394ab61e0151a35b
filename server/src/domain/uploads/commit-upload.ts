import { sql, type ExpressionBuilder, type QueryCreator, type RawBuilder, type SqlBool } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import type { Db, Dialect } from '../../db/index.js';
import { activityDetail, sentence, type ActivityDetail, type ActivityVia, type FileItem, type OnConflict } from '@vault/contract';
import type { Database, FileRow } from '../../db/schema.js';
import type { IngestedObject } from '../../storage/ingest.js';
import { takeLease, type LeaseKeeper } from '../../storage/leases.js';
import { ownedFolder } from '../access/rules.js';
import { activityRow, detailColumns, recordActivity, recordActivityRow, viaColumns, type DetailColumns, type ViaColumns } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { TimedOut } from '../shared/errors.js';
import { announceFile } from '../files/announce-file.js';
import { fileNameConflict, NameTaken } from '../files/names.js';
import { collectLater } from '../files/release-files.js';
import { extractLater } from '../texts/extract-text.js';
import { fileNamed, freeName } from '../shared/sibling-names.js';
import { lockFileContents, replaceContent } from '../versions/replace-content.js';
import { chargeWithin, fitsAsNew, holdsContent, lookAtContent, quotaRefusal, type QuotaOf } from '../shared/quota.js';
import { quotaBytesOf } from '../accounts/users.js';
import { commitLocks, type UserHold } from '../shared/locks.js';

export interface UploadOptions {
  isPublic: boolean;
  folderId: number | null;
  tags: string[];
  /** When the folder holds a file of the name: refuse, keep both, or make it that file's new content (which keeps its own visibility and tags). */
  onConflict: OnConflict;
  /** More checks and counts inside the commit's transaction (a file request's limits); throwing refuses the file. */
  within?: (trx: Db, object: IngestedObject) => Promise<void>;
  /**
   * Admit a file past the quota only as new content would be, whatever the
   * user holds (the charge stays the usual one): the sender of a file request
   * must not learn from a refusal, or its absence, what the owner holds.
   */
  admitAsNew?: boolean;
  /** How the upload came, for the audit log: a visitor's, through a file request. */
  via?: ActivityVia;
  /** What else the audit log says of it (e.g. that it copies another file). */
  detail?: ActivityDetail;
}

/** What adding a reference to content returns: its hash, where it is stored, and whether the user held it before. */
function keyAndOwned(eb: ExpressionBuilder<Database, 'blobs'>, userId: number, hash: string) {
  return ['hash', 'storage_key', holdsContent(eb, userId, hash).as('owned')] as const;
}

/** An upload's content, and the object it was written to. */
type BlobEntry = { hash: string; size: number; mime: string; key: string; headHash: string | null; now: number; userId: number };

/** New content's blob row, or one more reference to known content (whose object stays the content's). */
function blobReference(db: QueryCreator<Database>, v: BlobEntry) {
  return db
    .insertInto('blobs')
    .values({ hash: v.hash, size: v.size, mime_type: v.mime, storage_key: v.key, head_hash: v.headHash, ref_count: 1, created_at: v.now, orphaned_at: null })
    .onConflict((oc) =>
      // Blobs stored before head hashes were kept get theirs from their next copy.
      oc.column('hash').doUpdateSet({ ref_count: sql`blobs.ref_count + 1`, orphaned_at: null, head_hash: sql`coalesce(blobs.head_hash, excluded.head_hash)` }),
    )
    .returning((eb) => keyAndOwned(eb, v.userId, v.hash));
}

const upsertBlob = compiledOnce((db: Db, v: BlobEntry) => blobReference(db, v));

/** The object is to become the content's own, but the store left it non-durable. */
class NotDurable extends Error {}

/**
 * Turns a written object into a file, in one transaction: the quota re-checked
 * while holding the user (see userHoldFor), the object's lease ended, the blob upserted (new
 * content keeps this object; known content adds a reference), the file row,
 * its tags and the audit entry. Known content whose object has gone missing
 * takes this object instead: no file is ever attached to a hole. A
 * duplicate's own object is deleted after the response: deleting it before
 * would show in the time taken that somebody holds the same content, and
 * would add to the answer the kernel's work of freeing its pages (a tenth of
 * a second per GiB, even for a copy of the uploader's own content, which the
 * store left non-durable). A crash first leaves a stray that the sweep
 * removes. On failure the object is deleted and nothing else remains.
 */
export interface UploadToCommit {
  /** The file's display name, already normalised. */
  name: string;
  object: IngestedObject;
  options: UploadOptions;
  /** The writer's leases: the object's is taken in the transaction. */
  leases: LeaseKeeper;
  /** Where known content of this hash is stored, when the caller has looked already (undefined: unknown content); otherwise the commit looks. */
  storedAs?: () => Promise<string | undefined>;
}

export async function commitUpload(ctx: DomainContext, actor: Actor, { name, object, options: opts, leases, storedAs }: UploadToCommit): Promise<FileItem> {
  // One look at the object the file will be read from: known content's, or
  // this upload's own, so that both take the same time. Only a hint, read
  // outside the transaction: the blob's upsert below decides.
  const known = storedAs ? await storedAs() : (await lookAtContent(ctx.db, actor.id, object.hash)).storageKey;
  const present = await ctx.store.exists(known ?? object.key);
  const hole = known !== undefined && !present ? known : undefined;
  let placed: Placed = { fileId: 0, replaced: false, emptied: [] };
  let duplicate = false;
  let durable = object.durable;
  const hold = userHoldFor(opts);
  const quotaOf: QuotaOf = (user) => quotaBytesOf(ctx, user);
  const commit = () =>
    ctx.db.transaction().execute(async (trx) => {
      // The lease first (it is this upload's alone), then the locks, in one statement.
      const sibling = opts.onConflict === 'rename' ? { parentId: opts.folderId, name } : undefined;
      const locks = commitLocks(ctx.dialect, { userId: actor.id, hold, hash: object.hash, sibling });
      if (!(await takeLease(trx, object.key, locks))) throw new TimedOut(sentence('uploadDiscarded'));
      if (opts.folderId !== null) await ownedFolder(trx, actor.id, opts.folderId);
      const placement = await placeUpload(trx, ctx, actor, name, object.hash, opts);
      await opts.within?.(trx, object);
      if (opts.admitAsNew) await fitsAsNew(trx, actor.id, object.size, quotaOf);
      const now = Date.now();
      const content = { hash: object.hash, size: object.size, mime: object.mime, key: object.key, headHash: object.headHash, now, userId: actor.id };
      if (ctx.dialect === 'postgres' && placement.kind === 'file' && !hole) {
        const row = await newFileOfContent(trx, ctx, actor, placement.name, content, opts);
        duplicate = row.storageKey !== object.key;
        if (!duplicate && !durable) throw new NotDurable();
        placed = { fileId: row.fileId, replaced: false, emptied: [] };
        return;
      }
      // Whether the user owned the content before (a copy is free), read by
      // the statement that adds its reference: after the locks above, so exact.
      const healed = hole
        ? await trx
            .updateTable('blobs')
            .set({ storage_key: object.key, ref_count: sql`ref_count + 1`, orphaned_at: null })
            .where('hash', '=', object.hash)
            .where('storage_key', '=', hole)
            .returning((eb) => keyAndOwned(eb, actor.id, object.hash))
            .executeTakeFirst()
        : undefined;
      const blob = healed ?? (await upsertBlob(trx, content))[0]!;
      const free = Boolean(blob.owned);
      duplicate = blob.storage_key !== object.key;
      if (!duplicate && !durable) throw new NotDurable();
      placed = await writePlacement(trx, ctx, actor, placement, object, opts, now, free ? 0 : object.size);
    }).catch((err: unknown) => {
      // A charge left for the commit refuses it there.
      throw quotaRefusal(err);
    });
  try {
    await withNameRetries(opts, () =>
      commit().catch(async (err: unknown) => {
        if (!(err instanceof NotDurable)) throw err;
        // The uploader's own copy went while this one was arriving: it is the content's object now.
        await ctx.store.makeDurable(object.key);
        durable = true;
        await commit();
      }),
    );
  } catch (err) {
    await discardObject(ctx, leases, object.key);
    throw err;
  }
  leases.settled(object.key);
  // The text's reading first: it starts as the response goes whether the content is new or somebody else's (then
  // read again for this owner), rather than after the duplicate's deletion, which only somebody else's content has.
  extractLater(ctx, object.hash, object.mime);
  if (duplicate) ctx.observe.deduplicated(object.size);
  if (duplicate) ctx.background.defer('delete a duplicate object', () => ctx.store.delete(object.key));
  if (hole && !duplicate) ctx.log.warn({ hash: object.hash, missing: hole, key: object.key }, 'a blob had lost its object; the upload of the same content replaced it');
  collectLater(ctx, placed.emptied);
  return announceFile(ctx, actor, placed.fileId, placed.replaced ? 'file_updated' : 'file_uploaded');
}

/**
 * A new file (refused or renamed on a clash) changes nothing the user's
 * other uploads change but the quota counter and its own name and content
 * (see UserHold), so it holds the user shared: one user's burst of uploads
 * then waits on each other only from the charge to the commit. A new version
 * releases older content, and a file request counts its files: those hold
 * the user alone.
 */
function userHoldFor(opts: UploadOptions): UserHold {
  return opts.onConflict === 'version' || opts.within || opts.admitAsNew ? 'exclusive' : 'shared';
}

/** How often an upload that keeps both, or makes a version, looks for its place again when racing renames took it. */
const NAME_ATTEMPTS = 3;

/**
 * Runs an upload's commit again when a rename of another file took the name
 * it chose between its look and its write; a refusal (on_conflict=fail) stands.
 */
export async function withNameRetries<T>(opts: UploadOptions, commit: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await commit();
    } catch (err) {
      if (!(err instanceof NameTaken && opts.onConflict !== 'fail' && attempt < NAME_ATTEMPTS)) throw err;
    }
  }
}

/** Where an upload's content goes: a new file of this name, or an existing file's new content. */
export type Placement = { kind: 'file'; name: string } | { kind: 'version'; file: FileRow };

/**
 * Decides, holding the owner, where an upload goes when its folder may
 * already hold a file of its name: a clash is refused (409), kept beside
 * under the first free "name (n).ext", or becomes that file's new content
 * (the same name ignoring case is the same extension, so the same type).
 * Only a hint against other writers' renames: the unique sibling-name index
 * decides, and its refusal (NameTaken) sends the caller to look again. A
 * clash to be refused needs no look: the index refuses the file row.
 */
export async function placeUpload(trx: Db, ctx: DomainContext, actor: Actor, name: string, hash: string, opts: UploadOptions): Promise<Placement> {
  if (opts.onConflict === 'fail') return { kind: 'file', name };
  const taken = await fileNamed(trx, actor.id, opts.folderId, name);
  if (!taken) return { kind: 'file', name };
  if (opts.onConflict === 'rename') return { kind: 'file', name: await freeName(trx, 'file', actor.id, opts.folderId, name) };
  await lockFileContents(trx, ctx.dialect, taken, hash);
  return { kind: 'version', file: taken };
}

/** What a committed upload became. */
export interface Placed {
  fileId: number;
  /** An existing file took the content as its new version. */
  replaced: boolean;
  /** Hashes whose last reference went (versions beyond VERSIONS_KEEP), to collect after the response. */
  emptied: string[];
}

/**
 * Writes an upload where placeUpload decided, once its content's reference
 * is added, with the audit entry, and charges `charge` bytes of new content
 * (refused past the quota). The charge comes last, once a new version has
 * released older content: from its row lock to the commit, the user's other
 * uploads wait.
 */
export async function writePlacement(
  trx: Db,
  ctx: DomainContext,
  actor: Actor,
  placement: Placement,
  content: Pick<IngestedObject, 'hash' | 'size' | 'mime'>,
  opts: UploadOptions,
  now: number,
  charge: number,
): Promise<Placed> {
  const quotaOf: QuotaOf = (user) => quotaBytesOf(ctx, user);
  if (placement.kind === 'file') {
    return { fileId: await insertUploadedFile(trx, ctx.dialect, actor, placement.name, content, opts, now, { bytes: charge, quotaOf }), replaced: false, emptied: [] };
  }
  const { file } = placement;
  const emptied = await replaceContent(trx, file, content, ctx.settings.versionsKeep, now);
  await recordActivity(trx, { type: 'upload', userId: actor.id, fileId: file.id, fileName: file.original_name, detail: activityDetail('newVersion'), via: opts.via ?? null }, now);
  if (charge > 0) await chargeWithin(trx, actor.id, charge, quotaOf);
  return { fileId: file.id, replaced: true, emptied };
}

/**
 * The file row of an upload, its tags, its audit entry and the charge, inside
 * the commit's transaction. On PostgreSQL the file row and its audit entry go
 * in one statement (SQLite has no writes in WITH). The charge follows the
 * row, so a clash of names never waits while holding the user's row.
 */
export async function insertUploadedFile(
  trx: Db,
  dialect: Dialect,
  actor: Actor,
  name: string,
  content: Pick<IngestedObject, 'hash' | 'size' | 'mime'>,
  opts: UploadOptions,
  now: number,
  charge: { bytes: number; quotaOf: QuotaOf },
): Promise<number> {
  const v = fileEntryOf(actor, name, content, opts, now);
  const nameTaken = (err: unknown) => {
    throw fileNameConflict(err, name);
  };
  let fileId: number;
  if (dialect === 'postgres') {
    fileId = (await insertFile(trx, v).catch(nameTaken))[0]!.id;
  } else {
    fileId = (await trx.insertInto('files').values(fileRow(v)).returning('id').executeTakeFirstOrThrow().catch(nameTaken)).id;
    await recordActivityRow(trx, entryRow(v, fileId));
  }
  await insertTags(trx, fileId, opts.tags);
  if (charge.bytes > 0) await chargeWithin(trx, actor.id, charge.bytes, charge.quotaOf);
  return fileId;
}

/**
 * On PostgreSQL, an upload's new file in one statement (SQLite has no writes
 * in WITH): the content's reference (as upsertBlob), the file row, its audit
 * entry, and, unless the user held the content before, the charge of its
 * size, left for the commit (see migration 0300), which refuses it past the
 * quota (quotaRefusal); then the tags, when any. The file row takes its hash
 * from the blob's upsert, so the blob is locked first (see lockBlobs).
 * Returns where the content is stored: this upload's object for new content.
 */
async function newFileOfContent(trx: Db, ctx: DomainContext, actor: Actor, name: string, content: BlobEntry, opts: UploadOptions): Promise<{ fileId: number; storageKey: string }> {
  const v = { ...fileEntryOf(actor, name, content, opts, content.now), key: content.key, headHash: content.headHash, defaultQuota: ctx.settings.defaultQuotaBytes };
  const [row] = await insertFileReferencing(trx, v).catch((err: unknown) => {
    throw fileNameConflict(err, name);
  });
  await insertTags(trx, row!.id, opts.tags);
  return { fileId: row!.id, storageKey: row!.storage_key };
}

async function insertTags(trx: Db, fileId: number, tags: string[]): Promise<void> {
  if (tags.length > 0) await trx.insertInto('file_tags').values(tags.map((tag) => ({ file_id: fileId, tag }))).execute();
}

/**
 * A new file's row and its audit entry, as one statement's values: each a
 * value of its own (compiledOnce passes stand-ins, never looked into).
 */
type FileEntry = ViaColumns & DetailColumns & {
  userId: number;
  hash: string;
  name: string;
  size: number;
  mime: string;
  folderId: number | null;
  isPublic: number;
  now: number;
};

function fileEntryOf(actor: Actor, name: string, content: Pick<IngestedObject, 'hash' | 'size' | 'mime'>, opts: UploadOptions, now: number): FileEntry {
  return { userId: actor.id, hash: content.hash, name, size: content.size, mime: content.mime, folderId: opts.folderId, isPublic: opts.isPublic ? 1 : 0, ...detailColumns(opts.detail), ...viaColumns(opts.via), now };
}

function fileRow(v: FileEntry) {
  return { user_id: v.userId, blob_hash: v.hash, original_name: v.name, file_size: v.size, mime_type: v.mime, folder_id: v.folderId, is_public: v.isPublic, download_count: 0, created_at: v.now, updated_at: v.now };
}

/** The audit entry of a new file: on PostgreSQL, `fileId` is the file row the same statement inserts. */
function entryRow<Id extends number | RawBuilder<number>>(v: FileEntry, fileId: Id) {
  const via: ViaColumns = { via: v.via, via_link_id: v.via_link_id, via_label: v.via_label, visitor: v.visitor };
  const detail: DetailColumns = { detail: v.detail, detail_code: v.detail_code, detail_params: v.detail_params };
  return { ...activityRow({ type: 'upload', userId: v.userId, fileName: v.name }, v.now), ...detail, ...via, file_id: fileId };
}

/** In a statement of writes in WITH: the id of the file row its `f` inserted. */
const NEW_FILE_ID = sql<number>`(select id from f)`;

/** On PostgreSQL: a new file's row and its audit entry, in one statement of writes in WITH. */
const insertFile = compiledOnce((db: Db, v: FileEntry) =>
  db
    .with('f', (w) => w.insertInto('files').values(fileRow(v)).returning('id'))
    .with('a', (w) => w.insertInto('activity').values(entryRow(v, NEW_FILE_ID)))
    .selectFrom('f')
    .select('id'),
);

/** newFileOfContent's statement. */
const insertFileReferencing = compiledOnce((db: Db, v: FileEntry & BlobEntry & { defaultQuota: number }) =>
  db
    .with('b', (w) => blobReference(w, v))
    .with('f', (w) => w.insertInto('files').values({ ...fileRow(v), blob_hash: (eb) => eb.selectFrom('b').select('b.hash') }).returning(['id', 'user_id']))
    .with('a', (w) => w.insertInto('activity').values(entryRow(v, NEW_FILE_ID)))
    .with('c', (w) =>
      w
        .insertInto('quota_charges')
        .columns(['user_id', 'bytes', 'default_quota'])
        .expression((eb) =>
          eb
            .selectFrom('f')
            .select((s) => ['f.user_id', s.val(v.size).as('bytes'), s.val(v.defaultQuota).as('default_quota')])
            .where(sql<SqlBool>`not (select owned from b)`),
        ),
    )
    .selectFrom('f')
    .innerJoin('b', (join) => join.onTrue())
    .select(['f.id', 'b.storage_key']),
);

/** Best effort: an object left behind is found by the stray sweep once its lease is gone. */
export async function discardObject(ctx: DomainContext, leases: LeaseKeeper, key: string): Promise<void> {
  try {
    await ctx.store.delete(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'could not delete an unreferenced object; the sweep will retry');
  }
  await leases.release(key);
}
