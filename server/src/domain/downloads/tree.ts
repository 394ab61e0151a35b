import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { liveFolderTree } from '../access/rules.js';

export interface TreeFolder {
  id: number;
  name: string;
  /** null for the root of the tree. */
  parent_id: number | null;
}

export interface TreeFile {
  id: number;
  name: string;
  size: number;
  mime_type: string;
  folder_id: number | null;
  storage_key: string;
}

export interface Tree {
  folders: TreeFolder[];
  files: TreeFile[];
}

const limitOf = (limit: number | undefined) => (limit === undefined ? sql`` : sql`limit ${limit}`);

/** By name ignoring case, then by age: of two names that differ only in case, the older keeps it in an archive. */
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

/**
 * A live folder and everything live below it, each list by name: what a folder link
 * shows and what a zip of the folder holds. `limit` caps the subfolders and the
 * files, each (a page needs no more), never the folder itself; a zip takes all.
 */
export async function folderContents(db: Db, rootId: number, limit?: number): Promise<Tree> {
  const { rows: folders } = await sql<TreeFolder>`${liveFolderTree(rootId)}
    select fo.id, fo.name, case when fo.id = ${rootId} then null else fo.parent_id end as parent_id
    from folders fo where fo.id in (select id from tree)
    order by case when fo.id = ${rootId} then 0 else 1 end, lower(fo.name), fo.id ${limitOf(limit === undefined ? undefined : limit + 1)}`.execute(db);
  const { rows: files } = await sql<TreeFile>`${liveFolderTree(rootId)}
    select f.id, f.original_name as name, f.file_size as size, f.mime_type, f.folder_id, b.storage_key
    from files f join blobs b on b.hash = f.blob_hash
    where f.folder_id in (select id from tree) and f.trashed_at is null order by lower(f.original_name), f.id ${limitOf(limit)}`.execute(db);
  return {
    folders: folders.map((f) => ({ id: Number(f.id), name: f.name, parent_id: f.parent_id === null ? null : Number(f.parent_id) })).sort(byName),
    files: files.map((f) => ({ ...f, id: Number(f.id), size: Number(f.size), folder_id: f.folder_id === null ? null : Number(f.folder_id) })).sort(byName),
  };
}

/** Single files, as a tree without folders (at the archive's top level). */
export async function looseFiles(db: Db, ids: number[]): Promise<TreeFile[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('files as f')
    .innerJoin('blobs as b', 'b.hash', 'f.blob_hash')
    .select(['f.id', 'f.original_name as name', 'f.file_size as size', 'f.mime_type', 'b.storage_key'])
    .where('f.id', 'in', ids)
    .execute();
  return rows.map((r) => ({ ...r, size: Number(r.size), folder_id: null })).sort(byName);
}
