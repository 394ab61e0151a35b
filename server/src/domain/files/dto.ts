import { sql, type CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { EffectiveVisibility, FileItem } from '@vault/contract';
import { compileOnce, compiledOnce } from '../../db/compiled.js';
import { amongIdsOfFirst, readThen } from '../../db/read-then.js';
import { dialectOf, type Dialect } from '../../db/dialect.js';
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
  /** The file's tags in order, as a JSON array. */
  tags: string;
  /** Those the file is shared with by name, as a JSON array of [user id, username]. */
  shares: string;
  /** 1 when the viewer starred it. */
  starred: number;
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

/**
 * The file's tags, ordered, and its shares by name, as JSON arrays in the
 * file's own row: read with it rather than by statements of their own (on
 * PostgreSQL, two round trips fewer for every answer about files).
 */
function listColumns(dialect: Dialect) {
  if (dialect === 'postgres') {
    return {
      tags: sql<string>`(select coalesce(json_agg(t.tag order by t.tag), '[]')::text from file_tags t where t.file_id = f.id)`,
      shares: sql<string>`(select coalesce(json_agg(json_build_array(s.user_id, su.username)), '[]')::text from file_shares s join users su on su.id = s.user_id where s.file_id = f.id)`,
    };
  }
  return {
    tags: sql<string>`(select json_group_array(t.tag order by t.tag) from file_tags t where t.file_id = f.id)`,
    shares: sql<string>`(select json_group_array(json_array(s.user_id, su.username)) from file_shares s join users su on su.id = s.user_id where s.file_id = f.id)`,
  };
}

/** The columns of a File, over `files as f`, for a viewer who is an admin or else has the id `owner`. */
function fileColumns(query: FileQuery, dialect: Dialect, admin: boolean, owner: number) {
  const dedup = dedupColumns(admin, owner);
  const lists = listColumns(dialect);
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
      lists.tags.as('tags'),
      lists.shares.as('shares'),
      // One lookup in the stars' primary key for each row read (a page's rows, never a scope).
      sql<number>`(case when exists (select 1 from file_stars st where st.user_id = ${owner} and st.file_id = f.id) then 1 else 0 end)`.as('starred'),
    ]);
}

type ViewerKind = 'admin' | 'member';

/** Files' rows for a viewer of this kind and id, the ids still to choose. */
const rowsFor = (db: Db, variant: ViewerKind | undefined, owner: number) => fileColumns(db.selectFrom('files as f'), dialectOf(db), variant === 'admin', owner);

/** Every answer about files reads their rows by id: compiled once per number of ids. */
const fileRows = compiledOnce((db: Db, v: { owner: number; ids: number[] }, variant: ViewerKind | undefined) => rowsFor(db, variant, v.owner).where('f.id', 'in', v.ids));

/** A page's rows, by the ids of the statement run before (readThen). */
const rowsOfFirstIds = compileOnce((db: Db, v: { owner: number }, variant: ViewerKind | undefined) =>
  rowsFor(db, variant, v.owner).where(amongIdsOfFirst(sql`f.id`, dialectOf(db))),
);

/** `showFolder`: the viewer may read the file's folder; otherwise its id and name stay hidden. */
export function toFileDto(row: FileDtoRow, showFolder: boolean, visibility: EffectiveVisibility): FileItem {
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
    tags: JSON.parse(row.tags) as string[],
    folder_id: showFolder ? row.folder_id : null,
    folder_name: showFolder ? row.folder_name : null,
    visibility,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    starred: Number(row.starred) === 1,
  };
}

const ownerOf = (viewer: Viewer) => ({ owner: viewer?.id ?? 0 });
const kindOf = (viewer: Viewer): ViewerKind => (viewer?.isAdmin ? 'admin' : 'member');

/** Files by id, as the viewer may see them, in the order given, with the shares read for them. */
async function fileItems(db: Db, viewer: Viewer, ids: number[]): Promise<{ items: FileItem[]; shares: FileShares }> {
  if (ids.length === 0) return { items: [], shares: new Map() };
  return itemsOf(db, viewer, await fileRows(db, { ...ownerOf(viewer), ids }, kindOf(viewer)), ids);
}

/** The rows' files as the viewer may see them, in the order of `ids`; what they need beyond their rows is read on `db`. */
async function itemsOf(db: Db, viewer: Viewer, rows: FileDtoRow[], ids: number[]): Promise<{ items: FileItem[]; shares: FileShares }> {
  const shares: FileShares = new Map();
  for (const row of rows) {
    const pairs = JSON.parse(row.shares) as [number, string][];
    if (pairs.length > 0) shares.set(row.id, pairs.map(([user_id, username]) => ({ user_id, username })));
  }
  const folders = rows.flatMap((r) => (r.folder_id === null || r.folder_user_id === null ? [] : [{ id: r.folder_id, user_id: r.folder_user_id }]));
  const readable = await readableFolderIds(db, viewer, folders);
  const visibilities = await effectiveVisibilities(db, viewer, rows, shares);
  const byId = new Map(rows.map((r) => [r.id, toFileDto(r, r.folder_id !== null && readable.has(r.folder_id), visibilities.get(r.id)!)]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), shares };
}

export async function fileDtos(db: Db, viewer: Viewer, ids: number[]): Promise<FileItem[]> {
  return (await fileItems(db, viewer, ids)).items;
}

/**
 * A page of files: the rows `page` selects (their ids in order, and whatever
 * else it selects), and those files as the viewer may see them, their rows
 * read on `reads` right after the page (with `alongside`, statements over the
 * same ids, whose rows come back in order), so the event loop waits for one
 * answer; the little else they need is read on `db`.
 */
export async function pageOfFiles<P extends { id: number }>(
  db: Db,
  reads: Db,
  viewer: Viewer,
  page: CompiledQuery<P>,
  alongside: CompiledQuery[] = [],
): Promise<{ page: P[]; files: FileItem[]; alongside: unknown[][] }> {
  const { rows, then } = await readThen(reads, page, [rowsOfFirstIds(reads, ownerOf(viewer), kindOf(viewer)), ...alongside]);
  const [fileRowsRead = [], ...rest] = then;
  const { items } = await itemsOf(db, viewer, fileRowsRead as FileDtoRow[], rows.map((r) => r.id));
  return { page: rows, files: items, alongside: rest };
}

/** The file as the viewer may see it, and those it is shared with by name. */
export async function fileWithShares(db: Db, viewer: Viewer, id: number): Promise<{ dto: FileItem; sharedWith: number[] }> {
  const { items, shares } = await fileItems(db, viewer, [id]);
  const [dto] = items;
  if (!dto) throw new Error(`file ${id} vanished`);
  return { dto, sharedWith: (shares.get(id) ?? []).map((share) => share.user_id) };
}

export async function fileDto(db: Db, viewer: Viewer, id: number): Promise<FileItem> {
  return (await fileWithShares(db, viewer, id)).dto;
}
