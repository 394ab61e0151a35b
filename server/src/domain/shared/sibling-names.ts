import { sql } from 'kysely';
import { numberedFolderName, numberedName } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';

export type SiblingKind = 'file' | 'folder';

/** Names already taken among the live items beside which a new one would go, lower-cased (names are unique ignoring case). */
async function takenNames(db: Db, kind: SiblingKind, userId: number, parentId: number | null, stem: string): Promise<Set<string>> {
  const pattern = `${stem.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } =
    kind === 'file'
      ? await sql<{ name: string }>`select original_name as name from files
          where user_id = ${userId} and trashed_at is null and coalesce(folder_id, 0) = ${parentId ?? 0} and lower(original_name) like ${pattern} escape '\\'`.execute(db)
      : await sql<{ name: string }>`select name from folders
          where user_id = ${userId} and trashed_at is null and coalesce(parent_id, 0) = ${parentId ?? 0} and lower(name) like ${pattern} escape '\\'`.execute(db);
  return new Set(rows.map((r) => r.name.toLowerCase()));
}

/**
 * The name itself if no sibling holds it, else the first free "name (n).ext"
 * (a folder's: "name (n)").
 * Only a hint: the unique sibling-name index decides, so a caller racing
 * another writer still meets a conflict rather than a twin.
 */
export async function freeName(db: Db, kind: SiblingKind, userId: number, parentId: number | null, name: string): Promise<string> {
  const dot = kind === 'file' ? name.lastIndexOf('.') : -1;
  const taken = await takenNames(db, kind, userId, parentId, dot > 0 ? name.slice(0, dot) : name);
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const candidate = kind === 'file' ? numberedName(name, n) : numberedFolderName(name, n);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The owner's live file of this name beside which a new one would go (null:
 * the root), compared as the unique sibling-name index compares.
 */
export async function fileNamed(db: Db, userId: number, folderId: number | null, name: string): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('trashed_at', 'is', null)
    .where(sql<number>`coalesce(folder_id, 0)`, '=', folderId ?? 0)
    .where(sql<string>`lower(original_name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
}
