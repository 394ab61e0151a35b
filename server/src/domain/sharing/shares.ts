import { sql } from 'kysely';
import { activityDetail, sentence, type ActivityDetail, type RealtimeEvent, type ShareState } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { Audience } from '../../events/bus.js';
import { FILE_NOT_FOUND, FOLDER_NOT_FOUND, ownedFile, ownedFolder } from '../access/rules.js';
import { recordActivity } from '../shared/activity.js';
import { fileAudience, folderAudience, mergeAudiences } from '../access/audience.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid, NotFound } from '../shared/errors.js';

/** Files and folders are shared alike: a visibility, and named users while private. */
export type ShareKind = 'file' | 'folder';

export interface ShareInput {
  is_public: boolean;
  shared_users: string[];
}

/** Usernames to user ids, case-insensitively; unknown names are refused, listed in the error. The owner is dropped. */
export async function resolveUsernames(db: Db, names: string[], ownerId: number): Promise<{ id: number; username: string }[]> {
  if (names.length === 0) return [];
  const lowered = names.map((n) => n.toLowerCase());
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', lowered))
    .execute();
  const found = new Set(users.map((u) => u.username.toLowerCase()));
  const unknown = names.filter((n) => !found.has(n.toLowerCase()));
  if (unknown.length > 0) {
    throw new Invalid(sentence('unknownUsers', { count: unknown.length, names: unknown.join(', ') }), { unknown_users: unknown });
  }
  return users.filter((u) => u.id !== ownerId);
}

/** Named users mean something only while an item is private: a public one is open to all. */
export function assertShareable(kind: ShareKind, isPublic: boolean, names: readonly string[]): void {
  if (isPublic && names.length > 0) throw new Invalid(sentence(kind === 'file' ? 'filesSharedOnlyPrivate' : 'foldersSharedOnlyPrivate'));
}

/** The users a file or folder is shared with by name, sorted. */
export async function sharedUsernames(db: Db, kind: ShareKind, id: number): Promise<string[]> {
  const [table, column] = kind === 'file' ? ['file_shares', 'file_id'] : ['folder_shares', 'folder_id'];
  const { rows } = await sql<{ username: string }>`select u.username from ${sql.table(table)} s join users u on u.id = s.user_id
    where s.${sql.ref(column)} = ${id} order by u.username`.execute(db);
  return rows.map((r) => r.username);
}

/** Replaces the set of users a file or folder is shared with; run it inside the change's transaction. */
export async function replaceShares(trx: Db, kind: ShareKind, id: number, users: readonly { id: number }[]): Promise<void> {
  if (kind === 'file') {
    await trx.deleteFrom('file_shares').where('file_id', '=', id).execute();
    if (users.length > 0) await trx.insertInto('file_shares').values(users.map((u) => ({ file_id: id, user_id: u.id }))).execute();
  } else {
    await trx.deleteFrom('folder_shares').where('folder_id', '=', id).execute();
    if (users.length > 0) await trx.insertInto('folder_shares').values(users.map((u) => ({ folder_id: id, user_id: u.id }))).execute();
  }
}

/** How a share change reads in the audit log; a folder's says so, as it names no file. */
function shareDetail(kind: ShareKind, isPublic: boolean, users: { username: string }[]): ActivityDetail {
  const folder = kind === 'folder';
  if (isPublic) return activityDetail(folder ? 'folderSharedPublic' : 'sharedPublic');
  if (users.length === 0) return activityDetail(folder ? 'folderSharedPrivate' : 'sharedPrivate');
  return activityDetail(folder ? 'folderSharedWith' : 'sharedWith', { users: users.map((u) => u.username).join(', ') });
}

/** Records a share change in the audit log. */
export async function recordShareChange(
  trx: Db,
  actor: Actor,
  item: { kind: ShareKind; id: number; name: string },
  isPublic: boolean,
  users: { username: string }[],
): Promise<void> {
  const fileId = item.kind === 'file' ? item.id : null;
  await recordActivity(trx, { type: 'share', userId: actor.id, fileId, fileName: item.name, detail: shareDetail(item.kind, isPublic, users) });
}

/** An item whose sharing its owner reads or changes. */
interface Shared {
  kind: ShareKind;
  id: number;
  name: string;
  isPublic: boolean;
  /** Who may see the item with the given visibility, from its shares as they stand. */
  audience(isPublic: boolean): Promise<Audience>;
  /** The event that tells them it changed. */
  event(): RealtimeEvent;
}

async function ownedSharedFile(db: Db, actor: Actor, fileId: number): Promise<Shared> {
  const row = await ownedFile(db, actor.id, fileId);
  return {
    kind: 'file',
    id: fileId,
    name: row.original_name,
    isPublic: row.is_public === 1,
    audience: (isPublic) => fileAudience(db, { ...row, is_public: isPublic ? 1 : 0 }),
    event: () => ({ type: 'file_updated', file_id: fileId, at: new Date().toISOString() }),
  };
}

async function ownedSharedFolder(db: Db, actor: Actor, folderId: number): Promise<Shared> {
  const row = await ownedFolder(db, actor.id, folderId);
  return {
    kind: 'folder',
    id: folderId,
    name: row.name,
    isPublic: row.is_public === 1,
    // A folder's visibility is read from the table: the audience is computed once it is written.
    audience: () => folderAudience(db, folderId),
    event: () => ({ type: 'folder_updated', folder_id: folderId, at: new Date().toISOString() }),
  };
}

async function readShare(db: Db, item: Shared): Promise<ShareState> {
  return { is_public: item.isPublic, shared_users: await sharedUsernames(db, item.kind, item.id) };
}

/** Replaces visibility and the set of named users, then tells everyone who could see the item before or can now. */
async function writeShare(ctx: DomainContext, actor: Actor, item: Shared, share: ShareInput): Promise<ShareState> {
  assertShareable(item.kind, share.is_public, share.shared_users);
  const users = await resolveUsernames(ctx.db, share.shared_users, actor.id);
  const before = await item.audience(item.isPublic);
  await ctx.db.transaction().execute(async (trx) => {
    // The row update comes first: it locks the item against a concurrent share change, and
    // against a delete, which either came first (nothing updated: not found) or waits.
    const visibility = { is_public: share.is_public ? 1 : 0, updated_at: Date.now() };
    const table = item.kind === 'file' ? 'files' : 'folders';
    const { numUpdatedRows } = await trx.updateTable(table).set(visibility).where('id', '=', item.id).executeTakeFirst();
    if (numUpdatedRows === 0n) throw new NotFound(item.kind === 'file' ? FILE_NOT_FOUND : FOLDER_NOT_FOUND);
    await replaceShares(trx, item.kind, item.id, users);
    await recordShareChange(trx, actor, item, share.is_public, users);
  });
  await ctx.events.publish({ event: item.event(), audience: mergeAudiences(before, await item.audience(share.is_public)) });
  return readShare(ctx.db, { ...item, isPublic: share.is_public });
}

/** A file's sharing, for its owner only. */
export async function getFileShare(ctx: DomainContext, actor: Actor, { fileId }: { fileId: number }): Promise<ShareState> {
  return readShare(ctx.db, await ownedSharedFile(ctx.db, actor, fileId));
}

export async function setFileShare(ctx: DomainContext, actor: Actor, { fileId, share }: { fileId: number; share: ShareInput }): Promise<ShareState> {
  return writeShare(ctx, actor, await ownedSharedFile(ctx.db, actor, fileId), share);
}

/** A folder's sharing, for its owner only; it reaches everything under the folder. */
export async function getFolderShare(ctx: DomainContext, actor: Actor, { folderId }: { folderId: number }): Promise<ShareState> {
  return readShare(ctx.db, await ownedSharedFolder(ctx.db, actor, folderId));
}

export async function setFolderShare(ctx: DomainContext, actor: Actor, { folderId, share }: { folderId: number; share: ShareInput }): Promise<ShareState> {
  return writeShare(ctx, actor, await ownedSharedFolder(ctx.db, actor, folderId), share);
}
