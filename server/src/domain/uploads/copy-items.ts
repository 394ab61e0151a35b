import { sql } from 'kysely';
import { MANAGE_LIMITS, sentence, type BulkResponse, activityDetail, type ActivityDetail } from '@vault/contract';
import { chunks } from '../../db/chunks.js';
import type { Db } from '../../db/index.js';
import type { FileRow, FolderRow } from '../../db/schema.js';
import { liveFolderTree, ownedFile, ownedFolder } from '../access/rules.js';
import { announceFile } from '../files/announce-file.js';
import { assertPlaceable, publishFolderEvent, siblingConflict } from '../folders/folder-writes.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { eachItem, type Announcement, type Item } from '../shared/each-item.js';
import { Invalid } from '../shared/errors.js';
import { lockUser } from '../shared/locks.js';
import { freeName } from '../shared/sibling-names.js';
import { placeOwnedContent } from './owned-content.js';

export interface CopyRequest {
  file_ids: number[];
  folder_ids: number[];
  /** Where the copies go: one of the caller's folders, or null for the top level. */
  folder_id: number | null;
}

type CopiedFile = Pick<FileRow, 'id' | 'original_name' | 'blob_hash' | 'file_size' | 'mime_type' | 'folder_id'>;
type SubtreeFolder = Pick<FolderRow, 'id' | 'parent_id' | 'name'>;

/** A live folder and its live subfolders, each after its parent. */
async function subtreeOf(trx: Db, rootId: number): Promise<SubtreeFolder[]> {
  const { rows } = await sql<SubtreeFolder>`${liveFolderTree(rootId)}
    select f.id, f.parent_id, f.name from folders f join tree t on t.id = f.id`.execute(trx);
  const ordered = rows.filter((f) => f.id === rootId);
  for (let i = 0; i < ordered.length; i++) ordered.push(...rows.filter((f) => f.parent_id === ordered[i]!.id));
  return ordered;
}

/** The live files in these folders. */
async function filesIn(trx: Db, userId: number, folderIds: number[]): Promise<CopiedFile[]> {
  const files: CopiedFile[] = [];
  for (const part of chunks(folderIds)) {
    files.push(
      ...(await trx
        .selectFrom('files')
        .select(['id', 'original_name', 'blob_hash', 'file_size', 'mime_type', 'folder_id'])
        .where('user_id', '=', userId)
        .where('folder_id', 'in', part)
        .where('trashed_at', 'is', null)
        .orderBy('id')
        .execute()),
    );
  }
  return files;
}

/**
 * How many files and folders a copy of these items makes: each file named counts one, a folder its live
 * tree (one that is not the caller's live folder counts nothing: it fails alone).
 */
async function copiesMade(trx: Db, userId: number, input: CopyRequest): Promise<number> {
  let made = input.file_ids.length;
  for (const id of input.folder_ids) {
    const { rows } = await sql<{ n: number | string }>`${liveFolderTree(id)}
      select (select count(*) from tree) + (select count(*) from files where folder_id in (select id from tree) and trashed_at is null) as n
      from folders where id = ${id} and user_id = ${userId}`.execute(trx);
    made += Number(rows[0]?.n ?? 0);
  }
  return made;
}

/**
 * Copies of the caller's files and folders into one of their folders, in one
 * transaction, each named item whole or not at all (another user's item is
 * "not found"). A file's copy is a new file of the same content: no byte is
 * stored again and the quota does not change. It keeps the name (the first
 * free "name (2).ext" where the target holds it) and the tags; it starts
 * private, with no shares, links, versions or downloads of its own, since
 * those were given to the original. A folder's copy is a new folder of the
 * same name (numbered likewise) with copies of its live subfolders and files.
 * A copy makes at most MANAGE_LIMITS.copyMax files and folders, or nothing.
 */
export async function copyItems(ctx: DomainContext, actor: Actor, input: CopyRequest): Promise<BulkResponse> {
  const now = Date.now();
  const target = input.folder_id;
  const tagsOf = async (trx: Db, fileIds: number[]): Promise<Map<number, string[]>> => {
    const tags = new Map<number, string[]>();
    for (const part of chunks(fileIds)) {
      const rows = await trx.selectFrom('file_tags').select(['file_id', 'tag']).where('file_id', 'in', part).orderBy('tag').execute();
      for (const r of rows) tags.set(r.file_id, [...(tags.get(r.file_id) ?? []), r.tag]);
    }
    return tags;
  };
  /**
   * A copy of one file into the folder `into`; `detail` says in the audit log what it copies. Into a
   * folder the copy has just made, no name can be taken (its source's names are unique): `fail`
   * spares the look for a free one.
   */
  const copyFile = async (trx: Db, file: CopiedFile, into: number | null, tags: string[], detail: ActivityDetail, onConflict: 'rename' | 'fail'): Promise<Announcement> => {
    const content = { hash: file.blob_hash, size: Number(file.file_size), mime: file.mime_type };
    const options = { isPublic: false, folderId: into, tags, onConflict, detail };
    const { fileId } = await placeOwnedContent(trx, ctx, actor, file.original_name, content, options);
    return async (ctx) => void (await announceFile(ctx, actor, fileId, 'file_uploaded'));
  };

  const copyFolder = async (trx: Db, id: number): Promise<Announcement> => {
    const root = await ownedFolder(trx, actor.id, id);
    await assertPlaceable(trx, id, target, 'copied');
    const folders = await subtreeOf(trx, id);
    const made = new Map<number, number>();
    for (const folder of folders) {
      const parent = folder.id === id ? target : made.get(folder.parent_id!)!;
      const name = folder.id === id ? await freeName(trx, 'folder', actor.id, target, root.name) : folder.name;
      const row = await trx
        .insertInto('folders')
        .values({ user_id: actor.id, name, parent_id: parent, is_public: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((err: unknown) => {
          throw siblingConflict(err, name);
        });
      made.set(folder.id, row.id);
    }
    const files = await filesIn(trx, actor.id, folders.map((f) => f.id));
    const tags = await tagsOf(trx, files.map((f) => f.id));
    const announcements: Announcement[] = [];
    for (const file of files) {
      announcements.push(await copyFile(trx, file, made.get(file.folder_id!)!, tags.get(file.id) ?? [], activityDetail('copyWithFolder', { name: file.original_name, folder: root.name }), 'fail'));
    }
    return async (ctx) => {
      for (const folderId of made.values()) await publishFolderEvent(ctx, 'folder_created', folderId);
      for (const announce of announcements) await announce(ctx);
    };
  };

  // Files first, then folders, in the order named (as every bulk action reports them).
  const items: Item[] = [...input.file_ids.map((id) => ({ kind: 'file' as const, id })), ...input.folder_ids.map((id) => ({ kind: 'folder' as const, id }))];
  const { results, announcements } = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, actor.id);
    if (target !== null) await ownedFolder(trx, actor.id, target);
    if ((await copiesMade(trx, actor.id, input)) > MANAGE_LIMITS.copyMax) {
      throw new Invalid(sentence('copyTooMany', { max: MANAGE_LIMITS.copyMax }));
    }
    return eachItem(trx, items, async ({ kind, id }) => {
      if (kind === 'folder') return { announce: await copyFolder(trx, id) };
      const file = await ownedFile(trx, actor.id, id);
      const tags = await tagsOf(trx, [id]);
      return { announce: await copyFile(trx, file, target, tags.get(id) ?? [], activityDetail('copy', { name: file.original_name }), 'rename') };
    });
  });
  for (const announce of announcements) await announce(ctx);
  return { results };
}
