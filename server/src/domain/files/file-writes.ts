import type { Db } from '../../db/index.js';

/** A file's tags become exactly these (already checked against the tag rules). */
export async function replaceTags(trx: Db, fileId: number, tags: readonly string[]): Promise<void> {
  await trx.deleteFrom('file_tags').where('file_id', '=', fileId).execute();
  if (tags.length > 0) await trx.insertInto('file_tags').values(tags.map((tag) => ({ file_id: fileId, tag }))).execute();
}
