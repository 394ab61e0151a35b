import type { Db, Dialect } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';
import { lockContentsOf, releaseRefs } from '../files/release-files.js';

export interface NewContent {
  hash: string;
  size: number;
  mime: string;
}

/**
 * Locks, in hash order, every blob a new content of this file may touch: the
 * incoming one, the current one and the versions' (some of which may be
 * released). Taken before the first of those changes.
 */
export async function lockFileContents(trx: Db, dialect: Dialect, file: FileRow, incoming: string): Promise<void> {
  await lockContentsOf(trx, dialect, [file], [incoming]);
}

/**
 * Makes `content` the file's current content, in the caller's transaction,
 * under the owner's lock and after lockFileContents; the caller has added the
 * new content's reference. The file keeps its id, name, shares and links; the
 * content it had becomes its newest version, its reference moving to the
 * version row, and the versions beyond `keep` go, oldest first, releasing
 * theirs. Returns the hashes whose last reference went.
 */
export async function replaceContent(trx: Db, file: FileRow, content: NewContent, keep: number, now: number): Promise<string[]> {
  await trx
    .insertInto('file_versions')
    .values({
      file_id: file.id,
      user_id: file.user_id,
      blob_hash: file.blob_hash,
      size: file.file_size,
      mime_type: file.mime_type,
      // Only the owner puts content into their files (file requests keep both).
      uploaded_by: file.user_id,
      uploaded_at: file.content_at ?? file.created_at,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('files')
    .set({ blob_hash: content.hash, file_size: content.size, mime_type: content.mime, content_at: now, updated_at: now })
    .where('id', '=', file.id)
    .execute();
  const kept = await trx.selectFrom('file_versions').select('id').where('file_id', '=', file.id).orderBy('id', 'desc').limit(keep).execute();
  let beyond = trx.deleteFrom('file_versions').where('file_id', '=', file.id);
  if (kept.length > 0) beyond = beyond.where('id', 'not in', kept.map((v) => v.id));
  const dropped = await beyond.returning(['user_id', 'blob_hash', 'size']).execute();
  return releaseRefs(trx, dropped, now);
}
