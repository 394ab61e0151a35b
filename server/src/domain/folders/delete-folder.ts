import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { Audience } from '../../events/bus.js';
import { folderTree, ownedFolder } from '../access/rules.js';
import { recordActivities } from '../shared/activity.js';
import { audienceOfFile, folderAudience, NOBODY } from '../access/audience.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { collectLater, releaseFiles } from '../files/release-files.js';
import { lockUser } from '../shared/locks.js';

/** The folders and files a folder delete removed, with who could see each; the hashes whose last reference went. */
export interface FolderRemoval {
  folders: { id: number; audience: Audience }[];
  files: { id: number; audience: Audience }[];
  emptied: string[];
}

/** Who saw each folder of the subtree and each file in it, read while the rows still exist. */
async function subtreeAudiences(trx: Db, folderIds: number[], files: { id: number; user_id: number; is_public: number; folder_id: number }[], rootId: number) {
  const folders = new Map<number, Audience>();
  for (const id of folderIds) folders.set(id, await folderAudience(trx, id));
  const { rows: shares } = await sql<{ file_id: number; user_id: number }>`${folderTree(rootId)}
    select s.file_id, s.user_id from file_shares s join files f on f.id = s.file_id where f.folder_id in (select id from tree)`.execute(trx);
  const sharedWith = new Map<number, number[]>();
  for (const s of shares) sharedWith.set(s.file_id, [...(sharedWith.get(s.file_id) ?? []), s.user_id]);
  return {
    folders: folderIds.map((id) => ({ id, audience: folders.get(id)! })),
    files: files.map((f) => ({ id: f.id, audience: audienceOfFile(f, sharedWith.get(f.id) ?? [], folders.get(f.folder_id) ?? NOBODY) })),
  };
}

/**
 * Deletes a folder, its subfolders and their files inside the caller's
 * transaction: every delete of a folder, alone or among other items, goes
 * through here. Every file releases its blob reference exactly as a file
 * delete does (a file that a racing delete took first is not released again).
 */
export async function deleteFolderIn(trx: Db, dialect: Dialect, actor: Actor, folderId: number, now: number): Promise<FolderRemoval> {
  // Under the lock no upload or move can point into the subtree while it goes.
  await lockUser(trx, dialect, actor.id);
  const root = await ownedFolder(trx, actor.id, folderId);
  const { rows: folders } = await sql<{ id: number }>`${folderTree(folderId)} select id from tree`.execute(trx);
  const { rows: files } = await sql<{ id: number; user_id: number; is_public: number; folder_id: number }>`${folderTree(folderId)}
    select f.id, f.user_id, f.is_public, f.folder_id from files f where f.folder_id in (select id from tree)`.execute(trx);
  const audiences = await subtreeAudiences(trx, folders.map((f) => f.id), files, folderId);
  const released = await releaseFiles(trx, dialect, files, now);
  await recordActivities(
    trx,
    released.files.map((f) => ({ type: 'delete' as const, userId: actor.id, fileId: f.id, fileName: f.original_name, detail: `with folder "${root.name}"` })),
    now,
  );
  // One statement: the parent_id references are checked once it has run.
  await sql`${folderTree(folderId)} delete from folders where id in (select id from tree)`.execute(trx);
  const gone = new Set(released.files.map((f) => f.id));
  return { folders: audiences.folders, files: audiences.files.filter((f) => gone.has(f.id)), emptied: released.emptied };
}

/** After commit: emptied blobs are collected after the response, and everyone who could see a removed file or folder is told. */
export async function announceFolderRemoval(ctx: DomainContext, removed: FolderRemoval): Promise<void> {
  collectLater(ctx, removed.emptied);
  const at = new Date().toISOString();
  for (const f of removed.files) await ctx.events.publish({ event: { type: 'file_deleted', file_id: f.id, at }, audience: f.audience });
  for (const f of removed.folders) await ctx.events.publish({ event: { type: 'folder_deleted', folder_id: f.id, at }, audience: f.audience });
}

/** The owner deletes a folder and everything in it, in a transaction of its own. */
export async function deleteFolder(ctx: DomainContext, actor: Actor, { folderId }: { folderId: number }): Promise<void> {
  await ownedFolder(ctx.db, actor.id, folderId);
  const removed = await ctx.db.transaction().execute((trx) => deleteFolderIn(trx, ctx.dialect, actor, folderId, Date.now()));
  await announceFolderRemoval(ctx, removed);
}
