import type { Db } from '../../db/index.js';
import type { Actor } from '../shared/context.js';
import { readableFileIds, readableFolderIds } from '../access/rules.js';

/** A signed-in viewer: only they have stars. */
export type Starrer = Pick<Actor, 'id' | 'isAdmin'>;

/**
 * The live files the user starred and may read now, by the file read rule:
 * a star on a file in Trash, unshared or otherwise out of reach stays, hidden,
 * and shows again when the file comes back. At most LIMITS.maxStars rows.
 */
export async function starredFileIds(db: Db, user: Starrer): Promise<number[]> {
  const rows = await db
    .selectFrom('file_stars as st')
    .innerJoin('files as f', 'f.id', 'st.file_id')
    .select(['f.id', 'f.user_id', 'f.is_public', 'f.folder_id'])
    .where('st.user_id', '=', user.id)
    .where('f.trashed_at', 'is', null)
    .execute();
  const readable = await readableFileIds(db, user, rows);
  return rows.filter((r) => readable.has(r.id)).map((r) => r.id);
}

/** The live folders the user starred and may read now (as starredFileIds, by the folder read rule). */
export async function starredFolderIds(db: Db, user: Starrer): Promise<number[]> {
  const rows = await db
    .selectFrom('folder_stars as st')
    .innerJoin('folders as fo', 'fo.id', 'st.folder_id')
    .select(['fo.id', 'fo.user_id'])
    .where('st.user_id', '=', user.id)
    .where('fo.trashed_at', 'is', null)
    .execute();
  const readable = await readableFolderIds(db, user, rows);
  return rows.filter((r) => readable.has(r.id)).map((r) => r.id);
}
