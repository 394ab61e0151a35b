import { type ActivityDetail } from '@vault/contract';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { eraseFolderIn } from '../folders/delete-folder.js';
import { releaseFiles } from '../files/release-files.js';
import { recordActivities } from '../shared/activity.js';
import { lockUser } from '../shared/locks.js';

/** What erasing trashed items did: for the owner's figures, and what to collect after the commit. */
export interface Erased {
  files: number;
  folders: number;
  bytes: number;
  emptied: string[];
}

/** The owner's rows of `table` that went to Trash themselves (not with a folder) before `before`, oldest first. */
function trashedThemselves<T extends 'files' | 'folders'>(trx: Db, table: T, ownerId: number, before: number, limit: number) {
  return trx
    .selectFrom(table as 'files' | 'folders')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('trashed_at', '<', before)
    .where('trashed_with', 'is', null)
    .orderBy('trashed_at')
    .limit(limit)
    // Kysely types the rows of either table; these are `table`'s own.
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/**
 * Deletes for good, inside the caller's transaction, the owner's items that
 * were deleted themselves and went to Trash before `before` (all of them when
 * not given), at most `limit` of each kind: folders with what went with them,
 * content released exactly as the permanent delete does. `detail` says why in
 * the audit log.
 */
export async function eraseTrashIn(trx: Db, dialect: Dialect, ownerId: number, now: number, detail: ActivityDetail, before = Number.MAX_SAFE_INTEGER, limit = Number.MAX_SAFE_INTEGER): Promise<Erased> {
  await lockUser(trx, dialect, ownerId);
  const files = await trashedThemselves(trx, 'files', ownerId, before, limit);
  const folders = await trashedThemselves(trx, 'folders', ownerId, before, limit);
  const released = await releaseFiles(trx, dialect, files, now);
  await recordActivities(
    trx,
    released.files.map((f) => ({ type: 'delete' as const, userId: ownerId, fileId: f.id, fileName: f.original_name, detail })),
    now,
  );
  const erased: Erased = {
    files: released.files.length,
    folders: 0,
    bytes: released.files.reduce((n, f) => n + Number(f.file_size), 0),
    emptied: [...released.emptied],
  };
  for (const folder of folders) {
    const removal = await eraseFolderIn(trx, dialect, ownerId, folder, now);
    erased.folders += removal.counts.folders;
    erased.files += removal.counts.files;
    erased.bytes += removal.counts.bytes;
    erased.emptied.push(...removal.emptied);
  }
  return erased;
}
