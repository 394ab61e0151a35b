import { isUniqueViolation } from '../../db/index.js';
import type { Db } from '../../db/index.js';
import { Conflict } from '../shared/errors.js';

/** The unique sibling-name index refused a write: same owner, same folder, same name ignoring case. */
export function fileNameConflict(err: unknown, name: string): unknown {
  return isUniqueViolation(err) ? new Conflict(`A file named "${name}" already exists here`) : err;
}

/** A file's tags become exactly these (already checked against the tag rules). */
export async function replaceTags(trx: Db, fileId: number, tags: readonly string[]): Promise<void> {
  await trx.deleteFrom('file_tags').where('file_id', '=', fileId).execute();
  if (tags.length > 0) await trx.insertInto('file_tags').values(tags.map((tag) => ({ file_id: fileId, tag }))).execute();
}
