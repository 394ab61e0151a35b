import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { FileRow, FolderRow } from '../db/schema.js';
import { NotFound } from './errors.js';

/** Who is asking: a signed-in user, or nobody (public routes). */
export type Viewer = { id: number; isAdmin: boolean } | undefined;

export interface ChainGrants {
  /** The folder or one of its ancestors is public. */
  public: boolean;
  /** The folder or one of its ancestors is shared with the viewer. */
  shared: boolean;
}

/**
 * Walks from a folder up to its root. UNION (not UNION ALL) stops on a cycle,
 * should one ever exist.
 */
export function folderChain(folderId: number) {
  return sql`with recursive chain(id, parent_id, is_public) as (
      select id, parent_id, is_public from folders where id = ${folderId}
      union
      select p.id, p.parent_id, p.is_public from folders p join chain c on p.id = c.parent_id
    )`;
}

/** A folder and everything below it. UNION stops on a cycle, as above. */
export function folderTree(rootId: number) {
  return sql`with recursive tree(id) as (
      select id from folders where id = ${rootId}
      union
      select c.id from folders c join tree t on c.parent_id = t.id
    )`;
}

export async function chainGrants(db: Db, folderId: number, viewerId: number | undefined): Promise<ChainGrants> {
  const { rows } = await sql<{ pub: number | null; shared: number }>`${folderChain(folderId)}
    select max(is_public) as pub,
      (select count(*) from folder_shares s where s.folder_id in (select id from chain) and s.user_id = ${viewerId ?? 0}) as shared
    from chain`.execute(db);
  const row = rows[0];
  return { public: Number(row?.pub ?? 0) === 1, shared: Number(row?.shared ?? 0) > 0 };
}

/** Public content: marked public itself, or under a public folder. */
export async function isPubliclyReadable(db: Db, file: Pick<FileRow, 'is_public' | 'folder_id'>): Promise<boolean> {
  if (file.is_public === 1) return true;
  return file.folder_id !== null && (await chainGrants(db, file.folder_id, undefined)).public;
}

/** DESIGN.md's read rule: owner, admin, public, shared directly, or through an ancestor folder. */
export async function canReadFile(db: Db, viewer: Viewer, file: FileRow): Promise<boolean> {
  if (viewer && (viewer.isAdmin || viewer.id === file.user_id)) return true;
  if (file.is_public === 1) return true;
  if (viewer) {
    const direct = await db
      .selectFrom('file_shares')
      .select('file_id')
      .where('file_id', '=', file.id)
      .where('user_id', '=', viewer.id)
      .executeTakeFirst();
    if (direct) return true;
  }
  if (file.folder_id === null) return false;
  const grants = await chainGrants(db, file.folder_id, viewer?.id);
  return grants.public || (viewer !== undefined && grants.shared);
}

export const FILE_NOT_FOUND = 'File not found';

async function fileRow(db: Db, fileId: number): Promise<FileRow> {
  const row = await db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (!row) throw new NotFound(FILE_NOT_FOUND);
  return row;
}

/** A file the viewer may read; anything else is "not found", so existence never leaks. */
export async function readableFile(db: Db, viewer: Viewer, fileId: number): Promise<FileRow> {
  const row = await fileRow(db, fileId);
  if (!(await canReadFile(db, viewer, row))) throw new NotFound(FILE_NOT_FOUND);
  return row;
}

/** A file anyone may read without signing in. */
export async function publicFile(db: Db, fileId: number): Promise<FileRow> {
  const row = await fileRow(db, fileId);
  if (!(await isPubliclyReadable(db, row))) throw new NotFound(FILE_NOT_FOUND);
  return row;
}

/** A file the caller owns: the only ones they may change or delete. */
export async function ownedFile(db: Db, ownerId: number, fileId: number): Promise<FileRow> {
  const row = await fileRow(db, fileId);
  if (row.user_id !== ownerId) throw new NotFound(FILE_NOT_FOUND);
  return row;
}

const FOLDER_NOT_FOUND = 'Folder not found';

async function folderRow(db: Db, folderId: number, message: string): Promise<FolderRow> {
  const row = await db.selectFrom('folders').selectAll().where('id', '=', folderId).executeTakeFirst();
  if (!row) throw new NotFound(message);
  return row;
}

/** The folder rule mirrors the file rule: owner, admin, or a public or shared folder on its chain. */
export async function readableFolder(db: Db, viewer: Viewer, folderId: number): Promise<FolderRow> {
  const row = await folderRow(db, folderId, FOLDER_NOT_FOUND);
  if (viewer && (viewer.isAdmin || viewer.id === row.user_id)) return row;
  const grants = await chainGrants(db, folderId, viewer?.id);
  if (grants.public || (viewer !== undefined && grants.shared)) return row;
  throw new NotFound(FOLDER_NOT_FOUND);
}

/** A folder on a public chain, for anyone. */
export async function publicFolder(db: Db, folderId: number): Promise<FolderRow> {
  return readableFolder(db, undefined, folderId);
}

/** A folder the caller owns: the only ones they may change, delete, or put things in. */
export async function ownedFolder(db: Db, ownerId: number, folderId: number, message = FOLDER_NOT_FOUND): Promise<FolderRow> {
  const row = await folderRow(db, folderId, message);
  if (row.user_id !== ownerId) throw new NotFound(message);
  return row;
}
