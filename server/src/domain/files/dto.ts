import { sql, type SelectQueryBuilder } from 'kysely';
import type { EffectiveVisibility, FileItem } from '@vault/contract';
import { compiledOnce } from '../../db/compiled.js';
import { isoTime, type Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { readableFolderIds, type Viewer } from '../access/rules.js';
import { effectiveVisibilities, type FileShares } from './visibility.js';

export interface FileDtoRow {
  id: number;
  user_id: number;
  username: string;
  original_name: string;
  mime_type: string;
  file_size: number;
  is_public: number;
  download_count: number;
  folder_id: number | null;
  folder_name: string | null;
  folder_user_id: number | null;
  created_at: number;
  updated_at: number;
  reference_count: number;
  is_duplicate: number;
}

type FileQuery = SelectQueryBuilder<Database & { f: Database['files'] }, 'f', object>;

/**
 * Dedup figures as the viewer may see them, over live files (the blob's
 * reference count, which admins see, also holds trashed files and versions). Admins see global reference
 * counts; an owner sees how many copies they themselves keep; anyone else
 * sees a single, original copy, so that nobody learns how many copies another
 * user keeps, nor whether another user holds the same content. `owner` is the
 * viewer's id (0 for anonymous visitors).
 */
function dedupColumns(admin: boolean, owner: number) {
  if (admin) {
    return {
      reference_count: sql<number>`(select b.ref_count from blobs b where b.hash = f.blob_hash)`,
      is_duplicate: sql<number>`(case when exists (select 1 from files d where d.blob_hash = f.blob_hash and d.id < f.id and d.trashed_at is null) then 1 else 0 end)`,
    };
  }
  return {
    reference_count: sql<number>`(case when f.user_id = ${owner} then (select count(*) from files d where d.user_id = f.user_id and d.blob_hash = f.blob_hash and d.trashed_at is null) else 1 end)`,
    is_duplicate: sql<number>`(case when f.user_id = ${owner} and exists (select 1 from files d where d.user_id = f.user_id and d.blob_hash = f.blob_hash and d.id < f.id and d.trashed_at is null) then 1 else 0 end)`,
  };
}

/** The columns of a File, over `files as f`, for a viewer who is an admin or else has the id `owner`. */
function fileColumns(query: FileQuery, admin: boolean, owner: number) {
  const dedup = dedupColumns(admin, owner);
  return query
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('folders as fo', 'fo.id', 'f.folder_id')
    .select([
      'f.id',
      'f.user_id',
      'u.username',
      'f.original_name',
      'f.mime_type',
      'f.file_size',
      'f.is_public',
      'f.download_count',
      'f.folder_id',
      'fo.name as folder_name',
      'fo.user_id as folder_user_id',
      'f.created_at',
      'f.updated_at',
      dedup.reference_count.as('reference_count'),
      dedup.is_duplicate.as('is_duplicate'),
    ]);
}

/** Every listing and answer about files reads their rows by id: compiled once per number of ids. */
const fileRows = compiledOnce((db: Db, v: { owner: number; ids: number[] }, variant: 'admin' | 'member' | undefined) =>
  fileColumns(db.selectFrom('files as f'), variant === 'admin', v.owner).where('f.id', 'in', v.ids),
);

const fileTags = compiledOnce((db: Db, v: { ids: number[] }) => db.selectFrom('file_tags').select(['file_id', 'tag']).where('file_id', 'in', v.ids).orderBy('tag'));

export async function tagsByFile(db: Db, fileIds: number[]): Promise<Map<number, string[]>> {
  const byFile = new Map<number, string[]>();
  if (fileIds.length === 0) return byFile;
  const rows = await fileTags(db, { ids: fileIds });
  for (const { file_id, tag } of rows) byFile.set(file_id, [...(byFile.get(file_id) ?? []), tag]);
  return byFile;
}

/** `showFolder`: the viewer may read the file's folder; otherwise its id and name stay hidden. */
export function toFileDto(row: FileDtoRow, tags: string[], showFolder: boolean, visibility: EffectiveVisibility): FileItem {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    original_name: row.original_name,
    mime_type: row.mime_type,
    file_size: Number(row.file_size),
    is_public: Number(row.is_public) === 1,
    is_duplicate: Number(row.is_duplicate) === 1,
    download_count: Number(row.download_count),
    reference_count: Number(row.reference_count),
    tags,
    folder_id: showFolder ? row.folder_id : null,
    folder_name: showFolder ? row.folder_name : null,
    visibility,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** Files by id, as the viewer may see them, in the order given; their shares may be `known` already. */
export async function fileDtos(db: Db, viewer: Viewer, ids: number[], known?: FileShares): Promise<FileItem[]> {
  if (ids.length === 0) return [];
  const rows = await fileRows(db, { owner: viewer?.id ?? 0, ids }, viewer?.isAdmin ? 'admin' : 'member');
  const tags = await tagsByFile(db, ids);
  const folders = rows.flatMap((r) => (r.folder_id === null || r.folder_user_id === null ? [] : [{ id: r.folder_id, user_id: r.folder_user_id }]));
  const readable = await readableFolderIds(db, viewer, folders);
  const visibilities = await effectiveVisibilities(db, viewer, rows, known);
  const byId = new Map(rows.map((r) => [r.id, toFileDto(r, tags.get(r.id) ?? [], r.folder_id !== null && readable.has(r.folder_id), visibilities.get(r.id)!)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function fileDto(db: Db, viewer: Viewer, id: number, known?: FileShares): Promise<FileItem> {
  const [dto] = await fileDtos(db, viewer, [id], known);
  if (!dto) throw new Error(`file ${id} vanished`);
  return dto;
}
