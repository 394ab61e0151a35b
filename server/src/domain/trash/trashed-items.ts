import { sentence, type Sentence } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { FileRow, FolderRow } from '../../db/schema.js';
import { FILE_NOT_FOUND, FOLDER_NOT_FOUND } from '../access/rules.js';
import { Invalid, NotFound } from '../shared/errors.js';


/** The day length TRASH_DAYS counts in. */
export const DAY_MS = 86_400_000;

function inTrash<Row extends { user_id: number; trashed_at: number | null; trashed_with: number | null }>(row: Row | undefined, ownerId: number, notFound: Sentence): Row {
  if (!row || row.user_id !== ownerId) throw new NotFound(notFound);
  if (row.trashed_at === null) throw new Invalid(sentence('notInTrash'));
  // Something a folder's deletion took along goes back, or for good, with that folder only.
  if (row.trashed_with !== null) throw new Invalid(sentence('wentWithFolder'));
  return row;
}

/**
 * A file of the owner's that was deleted itself and is in Trash. Anyone
 * else's is "not found", like an id that does not exist.
 */
export async function trashedFile(db: Db, ownerId: number, fileId: number): Promise<FileRow> {
  return inTrash(await db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst(), ownerId, FILE_NOT_FOUND);
}

/** A folder of the owner's that was deleted itself and is in Trash (see trashedFile). */
export async function trashedFolder(db: Db, ownerId: number, folderId: number): Promise<FolderRow> {
  return inTrash(await db.selectFrom('folders').selectAll().where('id', '=', folderId).executeTakeFirst(), ownerId, FOLDER_NOT_FOUND);
}

/** The owner's live folder of this id, or null (the top level) when it is gone or in Trash: where a restored item goes. */
export async function liveParent(db: Db, ownerId: number, folderId: number | null): Promise<number | null> {
  if (folderId === null) return null;
  const row = await db.selectFrom('folders').select('id').where('id', '=', folderId).where('user_id', '=', ownerId).where('trashed_at', 'is', null).executeTakeFirst();
  return row ? row.id : null;
}
