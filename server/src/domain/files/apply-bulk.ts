import { LIMITS, type BulkAction, type BulkInput, type BulkResponse, VALIDATION_MESSAGES } from '@vault/contract';
import type { Db } from '../../db/index.js';
import { fileAudience, folderAudience, mergeAudiences } from '../access/audience.js';
import { ownedFile, ownedFolder } from '../access/rules.js';
import { announceFolderRemoval, deleteFolderIn } from '../folders/delete-folder.js';
import { assertPlaceable, publishFolderEvent, siblingConflict } from '../folders/folder-writes.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { eachItem, type Announcement, type Item } from '../shared/each-item.js';
import { Invalid } from '../shared/errors.js';
import { lockUser } from '../shared/locks.js';
import { trashOn } from '../trash/trash-on.js';
import { replaceTags } from './file-writes.js';
import { fileNameConflict } from './names.js';
import { announceFileRemoval, removeFileIn } from './remove-file.js';


/** A file's tags with some added and some taken away, both ignoring case; the tags it keeps keep their spelling. */
function retag(current: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const gone = new Set(remove.map((t) => t.toLowerCase()));
  const next = current.filter((t) => !gone.has(t.toLowerCase()));
  const held = new Set(next.map((t) => t.toLowerCase()));
  for (const tag of add) {
    if (held.has(tag.toLowerCase()) || gone.has(tag.toLowerCase())) continue;
    held.add(tag.toLowerCase());
    next.push(tag);
  }
  return next;
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * One action over many of the caller's files and folders, in one transaction,
 * each item whole or not at all: an item that fails (not the caller's, gone,
 * a name clash, a cycle, too many tags) is rolled back alone and reported,
 * and the others go on. An item of anyone else's is "not found", like an id
 * that does not exist. Deletes go through the same functions as a single
 * delete. Everyone who could see a changed item is told after the commit.
 * Copies are copyItems' (new files of the caller's content).
 */
export async function applyBulk(ctx: DomainContext, actor: Actor, input: BulkInput & { action: Exclude<BulkAction, 'copy'> }): Promise<BulkResponse> {
  const now = Date.now();

  const moveFile = async (trx: Db, id: number, target: number | null): Promise<Announcement | null> => {
    const row = await ownedFile(trx, actor.id, id);
    if (row.folder_id === target) return null;
    const before = await fileAudience(trx, row);
    try {
      await trx.updateTable('files').set({ folder_id: target, updated_at: now }).where('id', '=', id).execute();
    } catch (err) {
      throw fileNameConflict(err, row.original_name);
    }
    return async (ctx) =>
      ctx.events.publish({
        event: { type: 'file_updated', file_id: id, at: new Date().toISOString() },
        audience: mergeAudiences(before, await fileAudience(ctx.db, { ...row, folder_id: target })),
      });
  };

  const moveFolder = async (trx: Db, id: number, target: number | null): Promise<Announcement | null> => {
    const row = await ownedFolder(trx, actor.id, id);
    if (row.parent_id === target) return null;
    await assertPlaceable(trx, id, target);
    const before = await folderAudience(trx, id);
    try {
      await trx.updateTable('folders').set({ parent_id: target, updated_at: now }).where('id', '=', id).execute();
    } catch (err) {
      throw siblingConflict(err, row.name);
    }
    return (ctx) => publishFolderEvent(ctx, 'folder_updated', id, before);
  };

  const tagFile = async (trx: Db, id: number, add: string[], remove: string[]): Promise<Announcement | null> => {
    const row = await ownedFile(trx, actor.id, id);
    const current = (await trx.selectFrom('file_tags').select('tag').where('file_id', '=', id).orderBy('tag').execute()).map((r) => r.tag);
    const next = retag(current, add, remove);
    if (sameTags(current, next)) return null;
    if (next.length > LIMITS.maxTags) throw new Invalid(VALIDATION_MESSAGES.tooManyTags);
    await replaceTags(trx, id, next);
    await trx.updateTable('files').set({ updated_at: now }).where('id', '=', id).execute();
    const audience = await fileAudience(trx, row);
    return (ctx) => ctx.events.publish({ event: { type: 'file_updated', file_id: id, at: new Date().toISOString() }, audience });
  };

  /** Folders already removed with one deleted earlier in this request: they went as asked. */
  const swept = new Set<number>();

  const mode = { toTrash: trashOn(ctx) };
  const deleteItem = async (trx: Db, { kind, id }: Item): Promise<Announcement> => {
    if (kind === 'file') {
      const removal = await removeFileIn(trx, ctx.dialect, actor, await ownedFile(trx, actor.id, id), mode, now);
      return (ctx) => announceFileRemoval(ctx, removal);
    }
    const removal = await deleteFolderIn(trx, ctx.dialect, actor, id, mode, now);
    for (const f of removal.folders) swept.add(f.id);
    return (ctx) => announceFolderRemoval(ctx, removal);
  };

  const apply = (trx: Db, item: Item): Promise<Announcement | null> => {
    switch (input.action) {
      case 'move':
        return item.kind === 'file' ? moveFile(trx, item.id, input.folder_id ?? null) : moveFolder(trx, item.id, input.folder_id ?? null);
      case 'tag':
        return tagFile(trx, item.id, input.tags?.add ?? [], input.tags?.remove ?? []);
      case 'delete':
        return deleteItem(trx, item);
    }
  };

  // Files first: a file deleted with its folder would otherwise be reported as not found.
  const items: Item[] = [...input.file_ids.map((id) => ({ kind: 'file' as const, id })), ...input.folder_ids.map((id) => ({ kind: 'folder' as const, id }))];
  const { results, announcements } = await ctx.db.transaction().execute(async (trx) => {
    // One user's structure changes one request at a time (see lockUser): no racing move builds a cycle.
    await lockUser(trx, ctx.dialect, actor.id);
    if (input.action === 'move' && input.folder_id) await ownedFolder(trx, actor.id, input.folder_id);
    return eachItem(
      trx,
      items,
      async (item) => ({ announce: (await apply(trx, item)) ?? undefined }),
      (item) => item.kind === 'folder' && swept.has(item.id),
    );
  });
  for (const announce of announcements) await announce(ctx);
  return { results };
}
