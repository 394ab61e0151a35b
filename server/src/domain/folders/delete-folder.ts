import { activityDetail } from '@vault/contract';
import { sql, type RawBuilder } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { Db, Dialect } from '../../db/index.js';
import type { FolderRow } from '../../db/schema.js';
import type { Audience } from '../../events/bus.js';
import { ownedFolder } from '../access/rules.js';
import { recordActivities } from '../shared/activity.js';
import { audienceOfFile, folderAudience, NOBODY } from '../access/audience.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { collectLater, releaseFiles } from '../files/release-files.js';
import type { RemovalMode } from '../files/remove-file.js';
import { lockUser } from '../shared/locks.js';
import { announceTrashChange } from '../trash/trash-events.js';
import { trashOn } from '../trash/trash-on.js';

/** The folders and files a folder delete removed, with who could see each; the hashes whose last reference went. */
export interface FolderRemoval {
  folders: { id: number; audience: Audience }[];
  files: { id: number; audience: Audience }[];
  emptied: string[];
  /** The owner whose Trash changed; null when it did not. */
  trashOwner: number | null;
  /** How many folders and files went, and the files' bytes. */
  counts: { folders: number; files: number; bytes: number };
}

type SubtreeFile = { id: number; user_id: number; is_public: number; folder_id: number };
type Root = Pick<FolderRow, 'id' | 'name' | 'user_id' | 'trashed_at'>;

/**
 * Whether a row below the folder goes with it: below a live folder, what is
 * live; below a trashed one, what went to Trash with it. An item trashed on
 * its own stays where it is in Trash.
 */
function member(root: Root, alias?: 'c' | 'f'): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  // coalesce: never null, so that "not member" holds for every other row.
  return root.trashed_at === null ? sql`${column('trashed_at')} is null` : sql`coalesce(${column('trashed_with')}, 0) = ${root.id}`;
}

/** The folder and the folders below it that go with it (see member). UNION stops on a cycle, should one ever exist. */
function unitTree(root: Root) {
  return sql`with recursive tree(id) as (
      select id from folders where id = ${root.id}
      union
      select c.id from folders c join tree t on c.parent_id = t.id where ${member(root, 'c')}
    )`;
}

async function unitOf(trx: Db, root: Root): Promise<{ folderIds: number[]; files: SubtreeFile[] }> {
  const { rows: folders } = await sql<{ id: number }>`${unitTree(root)} select id from tree`.execute(trx);
  const { rows: files } = await sql<SubtreeFile>`${unitTree(root)}
    select f.id, f.user_id, f.is_public, f.folder_id from files f where f.folder_id in (select id from tree) and ${member(root, 'f')}`.execute(trx);
  return { folderIds: folders.map((f) => Number(f.id)), files };
}

/** Who saw each folder of the subtree and each file in it, read while they are still live. */
async function subtreeAudiences(trx: Db, folderIds: number[], files: SubtreeFile[]) {
  const folders = new Map<number, Audience>();
  for (const id of folderIds) folders.set(id, await folderAudience(trx, id));
  const sharedWith = new Map<number, number[]>();
  for (const part of chunks(files.map((f) => f.id))) {
    const shares = await trx.selectFrom('file_shares').select(['file_id', 'user_id']).where('file_id', 'in', part).execute();
    for (const s of shares) sharedWith.set(s.file_id, [...(sharedWith.get(s.file_id) ?? []), s.user_id]);
  }
  return {
    folders: folderIds.map((id) => ({ id, audience: folders.get(id)! })),
    files: files.map((f) => ({ id: f.id, audience: audienceOfFile(f, sharedWith.get(f.id) ?? [], folders.get(f.folder_id) ?? NOBODY) })),
  };
}

/**
 * Moves a live folder, the live folders below it and their live files to
 * Trash: each row keeps its place, content, shares and links, and names the
 * folder it went with, so that restoring the folder brings back exactly
 * these. Nothing is released.
 */
async function trashFolderIn(trx: Db, actor: Actor, root: FolderRow, now: number): Promise<FolderRemoval> {
  const { folderIds, files } = await unitOf(trx, root);
  const audiences = await subtreeAudiences(trx, folderIds, files);
  await trx.updateTable('folders').set({ trashed_at: now, trashed_with: null }).where('id', '=', root.id).execute();
  for (const part of chunks(folderIds.filter((id) => id !== root.id))) {
    await trx.updateTable('folders').set({ trashed_at: now, trashed_with: root.id }).where('id', 'in', part).execute();
  }
  const counts = { folders: folderIds.length, files: 0, bytes: 0 };
  for (const part of chunks(files.map((f) => f.id))) {
    const rows = await trx.updateTable('files').set({ trashed_at: now, trashed_with: root.id }).where('id', 'in', part).returning(['id', 'original_name', 'file_size']).execute();
    await recordActivities(
      trx,
      rows.map((f) => ({ type: 'delete' as const, userId: actor.id, fileId: f.id, fileName: f.original_name, detail: activityDetail('withFolderToTrash', { folder: root.name }) })),
      now,
    );
    counts.files += rows.length;
    counts.bytes += rows.reduce((n, f) => n + Number(f.file_size), 0);
  }
  return { ...audiences, emptied: [], trashOwner: root.user_id, counts };
}

/**
 * Deletes a folder for good, with what goes with it (see member), inside the
 * caller's transaction, which holds the owner's lock. Every file releases its
 * blob reference exactly as a file delete does (a file that a racing delete
 * took first is not released again). Items below it that went to Trash on
 * their own stay there, at the top level.
 */
export async function eraseFolderIn(trx: Db, dialect: Dialect, actorId: number, root: FolderRow, now: number): Promise<FolderRemoval> {
  const { folderIds, files } = await unitOf(trx, root);
  const fromTrash = root.trashed_at !== null;
  // Those who could see a trashed folder were told when it went to Trash.
  const audiences = fromTrash ? { folders: [], files: [] } : await subtreeAudiences(trx, folderIds, files);
  for (const part of chunks(folderIds)) {
    await sql`update files set folder_id = null where folder_id in (${sql.join(part)}) and not (${member(root)})`.execute(trx);
  }
  const released = await releaseFiles(trx, dialect, files, now);
  const detail = activityDetail(fromTrash ? 'withFolderFromTrash' : 'withFolder', { folder: root.name });
  await recordActivities(
    trx,
    released.files.map((f) => ({ type: 'delete' as const, userId: actorId, fileId: f.id, fileName: f.original_name, detail })),
    now,
  );
  await sql`${unitTree(root)} update folders set parent_id = null where parent_id in (select id from tree) and id not in (select id from tree)`.execute(trx);
  // One statement: the parent_id references are checked once it has run.
  await sql`${unitTree(root)} delete from folders where id in (select id from tree)`.execute(trx);
  const gone = new Set(released.files.map((f) => f.id));
  return {
    folders: audiences.folders,
    files: audiences.files.filter((f) => gone.has(f.id)),
    emptied: released.emptied,
    trashOwner: fromTrash ? root.user_id : null,
    counts: { folders: folderIds.length, files: released.files.length, bytes: released.files.reduce((n, f) => n + Number(f.file_size), 0) },
  };
}

/**
 * Deletes one of the caller's live folders and everything in it, inside the
 * caller's transaction: every delete of a folder, alone or among other items,
 * goes through here. To Trash (see trashFolderIn), or for good.
 */
export async function deleteFolderIn(trx: Db, dialect: Dialect, actor: Actor, folderId: number, mode: RemovalMode, now: number): Promise<FolderRemoval> {
  // Under the lock no upload or move can point into the subtree while it goes.
  await lockUser(trx, dialect, actor.id);
  const root = await ownedFolder(trx, actor.id, folderId);
  return mode.toTrash ? trashFolderIn(trx, actor, root, now) : eraseFolderIn(trx, dialect, actor.id, root, now);
}

/** After commit: emptied blobs are collected after the response, everyone who could see a removed file or folder is told, and the owner whose Trash changed. */
export async function announceFolderRemoval(ctx: DomainContext, removed: FolderRemoval): Promise<void> {
  collectLater(ctx, removed.emptied);
  const at = new Date().toISOString();
  for (const f of removed.files) await ctx.events.publish({ event: { type: 'file_deleted', file_id: f.id, at }, audience: f.audience });
  for (const f of removed.folders) await ctx.events.publish({ event: { type: 'folder_deleted', folder_id: f.id, at }, audience: f.audience });
  if (removed.trashOwner !== null) await announceTrashChange(ctx, removed.trashOwner);
}

/** The owner deletes a folder and everything in it (to Trash, unless TRASH_DAYS is 0), in a transaction of its own. */
export async function deleteFolder(ctx: DomainContext, actor: Actor, { folderId }: { folderId: number }): Promise<void> {
  await ownedFolder(ctx.db, actor.id, folderId);
  const removed = await ctx.db.transaction().execute((trx) => deleteFolderIn(trx, ctx.dialect, actor, folderId, { toTrash: trashOn(ctx) }, Date.now()));
  await announceFolderRemoval(ctx, removed);
}
