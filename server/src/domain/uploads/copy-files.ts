import type { BulkResponse } from '@vault/contract';
import { ownedFile, ownedFolder } from '../access/rules.js';
import { announceFile } from '../files/announce-file.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { eachItem, type Item } from '../shared/each-item.js';
import { lockUser } from '../shared/locks.js';
import { placeOwnedContent } from './owned-content.js';

export interface CopyRequest {
  file_ids: number[];
  /** Where the copies go: one of the caller's folders, or null for the top level. */
  folder_id: number | null;
}

/**
 * Copies of the caller's files into one of their folders, in one transaction,
 * each copy whole or not at all (another user's file is "not found"). A copy
 * is a new file of the same content: no byte is stored again and the quota
 * does not change. It keeps the name (the first free "name (2).ext" where the
 * folder holds it already) and the tags; it starts private, with no shares,
 * links, versions or downloads of its own, since those were given to the
 * original. Its audit entry is an upload that names the original.
 */
export async function copyFiles(ctx: DomainContext, actor: Actor, input: CopyRequest): Promise<BulkResponse> {
  const items: Item[] = input.file_ids.map((id) => ({ kind: 'file', id }));
  const { results, announcements } = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, actor.id);
    if (input.folder_id !== null) await ownedFolder(trx, actor.id, input.folder_id);
    return eachItem(trx, items, async ({ id }) => {
      const original = await ownedFile(trx, actor.id, id);
      const tags = (await trx.selectFrom('file_tags').select('tag').where('file_id', '=', id).orderBy('tag').execute()).map((r) => r.tag);
      const content = { hash: original.blob_hash, size: Number(original.file_size), mime: original.mime_type };
      const options = { isPublic: false, folderId: input.folder_id, tags, onConflict: 'rename' as const, detail: `a copy of "${original.original_name}"` };
      const { fileId } = await placeOwnedContent(trx, ctx, actor, original.original_name, content, options);
      return { announce: async (ctx: DomainContext) => void (await announceFile(ctx, actor, fileId, 'file_uploaded')) };
    });
  });
  for (const announce of announcements) await announce(ctx);
  return { results };
}
