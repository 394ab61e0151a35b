import { sql } from 'kysely';
import type { EffectiveVisibility } from '@vault/contract';
import { compiledOnce } from '../../db/compiled.js';
import type { Db } from '../../db/index.js';
import type { Viewer } from '../access/rules.js';

export interface VisibilityRow {
  id: number;
  user_id: number;
  is_public: number;
  folder_id: number | null;
}

interface ChainFolder {
  parent_id: number | null;
  name: string;
  is_public: boolean;
}

/** These folders and every folder above them. UNION stops on a cycle, should one ever exist. */
const chainRows = compiledOnce(
  (_db: Db, v: { ids: number[] }) =>
    sql<{ id: number; parent_id: number | null; name: string; is_public: number }>`with recursive chain(id) as (
      select id from folders where id in (${sql.join(v.ids)})
      union
      select p.parent_id from chain c join folders p on p.id = c.id where p.parent_id is not null
    )
    select p.id, p.parent_id, p.name, p.is_public from chain c join folders p on p.id = c.id`,
);

async function chains(db: Db, folderIds: number[]): Promise<Map<number, ChainFolder>> {
  if (folderIds.length === 0) return new Map();
  const rows = await chainRows(db, { ids: folderIds });
  return new Map(rows.map((r) => [Number(r.id), { parent_id: r.parent_id === null ? null : Number(r.parent_id), name: r.name, is_public: Number(r.is_public) === 1 }]));
}

/** A file's shares: with whom, by id and by name. */
export type FileShares = Map<number, { user_id: number; username: string }[]>;

const fileShareRows = compiledOnce((db: Db, v: { ids: number[] }) =>
  db.selectFrom('file_shares as s').innerJoin('users as u', 'u.id', 's.user_id').select(['s.file_id', 's.user_id', 'u.username']).where('s.file_id', 'in', v.ids),
);

/** The shares of these files, read once for whoever needs them (their visibility, the audience of an event about them). */
export async function readFileShares(db: Db, ids: number[]): Promise<FileShares> {
  const byFile: FileShares = new Map();
  if (ids.length === 0) return byFile;
  const rows = await fileShareRows(db, { ids });
  for (const { file_id, user_id, username } of rows) byFile.set(Number(file_id), [...(byFile.get(Number(file_id)) ?? []), { user_id: Number(user_id), username }]);
  return byFile;
}

const folderShareRows = compiledOnce((db: Db, v: { ids: number[] }) =>
  db.selectFrom('folder_shares as s').innerJoin('users as u', 'u.id', 's.user_id').select(['s.folder_id as item', 'u.username']).where('s.folder_id', 'in', v.ids),
);

/** Usernames by folder id, from the folder shares. */
async function folderSharedNames(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const byItem = new Map<number, string[]>();
  if (ids.length === 0) return byItem;
  const rows = await folderShareRows(db, { ids });
  for (const { item, username } of rows) byItem.set(Number(item), [...(byItem.get(Number(item)) ?? []), username]);
  return byItem;
}

/**
 * The effective visibility of each file (contract's EffectiveVisibility): a
 * public file; else the nearest public folder above it; else everyone it is
 * shared with by name, directly or through a folder above it; else private.
 * Three queries whatever the number of files; the files' shares may be `known` already.
 */
export async function effectiveVisibilities(db: Db, viewer: Viewer, rows: VisibilityRow[], known?: FileShares): Promise<Map<number, EffectiveVisibility>> {
  const folders = await chains(db, [...new Set(rows.flatMap((r) => (r.folder_id === null ? [] : [r.folder_id])))]);
  const fileShares = known ?? (await readFileShares(db, rows.map((r) => r.id)));
  const folderShares = await folderSharedNames(db, [...folders.keys()]);
  const result = new Map<number, EffectiveVisibility>();
  for (const row of rows) {
    if (Number(row.is_public) === 1) {
      result.set(row.id, { kind: 'public' });
      continue;
    }
    const names = new Set((fileShares.get(row.id) ?? []).map((share) => share.username));
    let publicFolder: { folder_id: number; folder_name: string } | null = null;
    const walked = new Set<number>();
    for (let id = row.folder_id; id !== null && !walked.has(id); ) {
      walked.add(id);
      const folder = folders.get(id);
      if (!folder) break;
      if (folder.is_public) {
        publicFolder = { folder_id: id, folder_name: folder.name };
        break;
      }
      for (const name of folderShares.get(id) ?? []) names.add(name);
      id = folder.parent_id;
    }
    if (publicFolder) result.set(row.id, { kind: 'public_folder', ...publicFolder });
    else if (names.size > 0) result.set(row.id, { kind: 'shared', users: viewer?.id === row.user_id ? [...names].sort((a, b) => a.localeCompare(b)) : null });
    else result.set(row.id, { kind: 'private' });
  }
  return result;
}
