import { extensionOf, mimeOfExtension, type FileItem, type FileUpdate, sentence } from '@vault/contract';
import { fileAudience, mergeAudiences } from '../access/audience.js';
import { FILE_NOT_FOUND, ownedFile, ownedFolder } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid, NotFound } from '../shared/errors.js';
import { lockUser } from '../shared/locks.js';
import { fileDto } from './dto.js';
import { replaceTags } from './file-writes.js';
import { fileNameConflict, normalizeFileName } from './names.js';

/**
 * The owner renames a file (keeping its type), moves it, or retags it. Names
 * are unique per folder ignoring case: a clash is a conflict, not a twin.
 */
export async function updateFile(ctx: DomainContext, actor: Actor, { fileId, change }: { fileId: number; change: FileUpdate }): Promise<FileItem> {
  const row = await ownedFile(ctx.db, actor.id, fileId);
  const before = await fileAudience(ctx.db, row);
  const name = change.original_name === undefined ? undefined : normalizeFileName(change.original_name);
  if (name !== undefined) {
    const ext = extensionOf(name);
    if (mimeOfExtension(ext) !== row.mime_type) {
      throw new Invalid(sentence('renameKeepsType', { extension: extensionOf(row.original_name) }));
    }
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (change.folder_id) {
        await lockUser(trx, ctx.dialect, actor.id);
        await ownedFolder(trx, actor.id, change.folder_id);
      }
      // The row update locks the file before its tags are written; a delete that came first left nothing to update.
      const { numUpdatedRows } = await trx
        .updateTable('files')
        .set({
          ...(name !== undefined ? { original_name: name } : {}),
          ...(change.folder_id !== undefined ? { folder_id: change.folder_id } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) throw new NotFound(FILE_NOT_FOUND);
      if (change.tags !== undefined) await replaceTags(trx, fileId, change.tags);
    });
  } catch (err) {
    throw fileNameConflict(err, name ?? row.original_name);
  }
  const after = await ctx.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
  await ctx.events.publish({
    event: { type: 'file_updated', file_id: fileId, at: new Date().toISOString() },
    audience: mergeAudiences(before, await fileAudience(ctx.db, after)),
  });
  return fileDto(ctx.db, viewerOf(actor), fileId);
}
