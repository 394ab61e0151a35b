import { sql } from 'kysely';
import { numberedFolderName, numberedName } from '@vault/contract';
import { chunks } from '../../db/chunks.js';
import type { Db } from '../../db/index.js';
import type { FileRow } from '../../db/schema.js';

export type SiblingKind = 'file' | 'folder';

/** More numbers than any folder will need: the stem this one leaves is kept by every smaller one. */
const MOST_NUMBERS = 1_000_000;

/**
 * Names already taken among the live items beside which a new one would go and whose stems begin
 * with `prefix`, in the database's lower case: names are unique ignoring case as the unique
 * sibling-name index folds it (lower(), which on SQLite folds A-Z alone), so they are compared so.
 */
async function takenNames(db: Db, kind: SiblingKind, userId: number, parentId: number | null, prefix: string): Promise<Set<string>> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } =
    kind === 'file'
      ? await sql<{ name: string }>`select lower(original_name) as name from files
          where user_id = ${userId} and trashed_at is null and coalesce(folder_id, 0) = ${parentId ?? 0} and lower(original_name) like lower(${pattern}) escape '\\'`.execute(db)
      : await sql<{ name: string }>`select lower(name) as name from folders
          where user_id = ${userId} and trashed_at is null and coalesce(parent_id, 0) = ${parentId ?? 0} and lower(name) like lower(${pattern}) escape '\\'`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/** Each name in the database's lower case, in order. */
async function foldedNames(db: Db, names: string[]): Promise<string[]> {
  const folded: string[] = [];
  for (const part of chunks(names)) {
    const { rows } = await sql<{ name: string }>`with v(i, name) as (values ${sql.join(part.map((name, i) => sql`(${i}, ${name})`))})
      select lower(name) as name from v order by i`.execute(db);
    folded.push(...rows.map((r) => r.name));
  }
  return folded;
}

/**
 * The name itself if no sibling holds it, else the first free "name (n).ext"
 * (a folder's: "name (n)"), compared as the unique sibling-name index compares.
 * Only a hint: the index decides, so a caller racing another writer still
 * meets a conflict rather than a twin.
 */
export async function freeName(db: Db, kind: SiblingKind, userId: number, parentId: number | null, name: string): Promise<string> {
  const numbered = (n: number) => (n === 1 ? name : kind === 'file' ? numberedName(name, n) : numberedFolderName(name, n));
  // A long name is cut to make room for its number: what the largest number leaves of it begins them all.
  const shortest = numbered(MOST_NUMBERS);
  const taken = await takenNames(db, kind, userId, parentId, shortest.slice(0, shortest.lastIndexOf(` (${MOST_NUMBERS})`)));
  if (taken.size === 0) return name;
  // Of these, one more than are taken, one at least is free.
  const candidates = Array.from({ length: taken.size + 1 }, (_, i) => numbered(i + 1));
  const folded = await foldedNames(db, candidates);
  return candidates[folded.findIndex((f) => !taken.has(f))]!;
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
