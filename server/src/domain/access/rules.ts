import { sentence, type Sentence } from '@vault/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/index.js';
import { compiledOnce } from '../../db/compiled.js';
import type { FileRow, FolderRow } from '../../db/schema.js';
import { chunks } from '../../db/chunks.js';
import { NotFound } from '../shared/errors.js';

/** Who is asking: a signed-in user, or nobody (someone not signed in). */
export type Viewer = { id: number; isAdmin: boolean } | undefined;

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

/** A folder and everything below it, trashed or not. UNION stops on a cycle, as above. */
export function folderTree(rootId: number) {
  return sql`with recursive tree(id) as (
      select id from folders where id = ${rootId}
      union
      select c.id from folders c join tree t on c.parent_id = t.id
    )`;
}

/** A live folder and the live folders below it (what a reader may walk). */
export function liveFolderTree(rootId: number) {
  return sql`with recursive tree(id) as (
      select id from folders where id = ${rootId} and trashed_at is null
      union
      select c.id from folders c join tree t on c.parent_id = t.id where c.trashed_at is null
    )`;
}

/**
 * The owner's account is not disabled. A disabled account's public grants
 * (public files and folders, share links, file requests) are suspended: they
 * answer as if the content were gone until the account is enabled again.
 * Shares with named users stay, and so do the owner's and admins' own reads.
 */
export function ownerActive(userId: RawBuilder<unknown> | number) {
  return sql<SqlBool>`not exists (select 1 from users du where du.id = ${userId} and du.disabled_at is not null)`;
}

/** The condition "owned by an account that is not disabled", over `files as f`. */
export const ACTIVE_OWNER = ownerActive(sql.ref('f.user_id'));

/** A folder as the read rule sees it. */
export interface FolderNode {
  id: number;
  parent_id: number | null;
  name: string;
  user_id: number;
  /** Public, or shared with the viewer: grants read access to it and everything below. */
  grants: boolean;
}

/** The folders in scope (a condition over `folders as fo`) and all their ancestors, by id. */
export async function folderNodes(db: Db, viewer: Viewer, scope: RawBuilder<SqlBool>): Promise<Map<number, FolderNode>> {
  const { rows } = await sql<FolderNode>`with recursive chain(id) as (
      select fo.id from folders fo where ${scope}
      union
      select p.parent_id from chain c join folders p on p.id = c.id where p.parent_id is not null
    )
    select p.id, p.parent_id, p.name, p.user_id,
      case when (p.is_public = 1 and ${ownerActive(sql.ref('p.user_id'))})
        or exists (select 1 from folder_shares s where s.folder_id = p.id and s.user_id = ${viewer?.id ?? 0}) then 1 else 0 end as grants
    from chain c join folders p on p.id = c.id`.execute(db);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id), name: r.name, user_id: Number(r.user_id), grants: Number(r.grants) === 1 },
    ]),
  );
}

/**
 * The folder read rule, over loaded nodes: admins and the owner read a folder;
 * anyone else only through a grant on it or on an ancestor. Answers are
 * remembered, so testing every folder of many chains stays linear.
 */
export function folderReader(nodes: Map<number, FolderNode>, viewer: Viewer): (folderId: number) => boolean {
  const known = new Map<number, boolean>();
  return (folderId) => {
    const walked = new Set<number>();
    let readable = false;
    for (let node = nodes.get(folderId); node && !walked.has(node.id); node = node.parent_id === null ? undefined : nodes.get(node.parent_id)) {
      const answer = known.get(node.id);
      if (answer !== undefined) {
        readable = answer;
        break;
      }
      walked.add(node.id);
      if (node.grants || (viewer !== undefined && (viewer.isAdmin || viewer.id === node.user_id))) {
        readable = true;
        break;
      }
    }
    for (const id of walked) known.set(id, readable);
    return readable;
  };
}

/** Which of these folders the viewer may read through their chains (grants, or ownership on the way up). */
async function readableByChains(db: Db, viewer: Viewer, folderIds: number[]): Promise<Set<number>> {
  const readable = new Set<number>();
  for (const part of chunks([...new Set(folderIds)])) {
    const canRead = folderReader(await folderNodes(db, viewer, sql<SqlBool>`fo.id in (${sql.join(part)})`), viewer);
    for (const id of part) if (canRead(id)) readable.add(id);
  }
  return readable;
}

/**
 * Which of these folders the viewer may read. Admins and owners are answered
 * without a query; the rest by their chains.
 */
export async function readableFolderIds(db: Db, viewer: Viewer, folders: Pick<FolderRow, 'id' | 'user_id'>[]): Promise<Set<number>> {
  const readable = new Set<number>();
  const others: number[] = [];
  for (const folder of folders) {
    if (viewer && (viewer.isAdmin || viewer.id === folder.user_id)) readable.add(folder.id);
    else others.push(folder.id);
  }
  for (const id of await readableByChains(db, viewer, others)) readable.add(id);
  return readable;
}

/** What the file read rule looks at in a file's row. */
export type FileReadFacts = Pick<FileRow, 'id' | 'user_id' | 'is_public' | 'folder_id'>;

/**
 * The file read rule, for many files at once: owner, admin, public (of an
 * active account), shared directly, or readable through its folder. Each
 * step asks only about the files the steps before left undecided.
 */
export async function readableFileIds(db: Db, viewer: Viewer, files: FileReadFacts[]): Promise<Set<number>> {
  const readable = new Set<number>();
  const decide = (ids: Iterable<number>) => {
    for (const id of ids) readable.add(id);
    return files.filter((f) => !readable.has(f.id));
  };
  let open = decide(files.filter((f) => viewer && (viewer.isAdmin || viewer.id === f.user_id)).map((f) => f.id));
  const publicOwners = [...new Set(open.filter((f) => f.is_public === 1).map((f) => f.user_id))];
  for (const part of chunks(publicOwners)) {
    const active = new Set((await db.selectFrom('users').select('id').where('id', 'in', part).where('disabled_at', 'is', null).execute()).map((u) => u.id));
    open = decide(open.filter((f) => f.is_public === 1 && active.has(f.user_id)).map((f) => f.id));
  }
  if (viewer) {
    for (const part of chunks(open.map((f) => f.id))) {
      open = decide((await db.selectFrom('file_shares').select('file_id').where('user_id', '=', viewer.id).where('file_id', 'in', part).execute()).map((s) => s.file_id));
    }
  }
  const throughFolders = await readableByChains(db, viewer, open.flatMap((f) => (f.folder_id === null ? [] : [f.folder_id])));
  decide(open.filter((f) => f.folder_id !== null && throughFolders.has(f.folder_id)).map((f) => f.id));
  return readable;
}

/** The file read rule for one file (readableFileIds). */
export async function canReadFile(db: Db, viewer: Viewer, file: FileReadFacts): Promise<boolean> {
  return (await readableFileIds(db, viewer, [file])).has(file.id);
}

export const FILE_NOT_FOUND = sentence('fileNotFound');

/** Every request about a file reads its row first. */
const liveFileRow = compiledOnce((db: Db, v: { fileId: number }) => db.selectFrom('files').selectAll().where('id', '=', v.fileId).where('trashed_at', 'is', null));

/**
 * Readers see live rows only: a trashed file or folder (and everything a
 * trashed folder took along) answers like one that does not exist, to its
 * owner too, until it is restored. Only the Trash verbs read trashed rows.
 */
async function fileRow(db: Db, fileId: number): Promise<FileRow> {
  const [row] = await liveFileRow(db, { fileId });
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
export function publicFile(db: Db, fileId: number): Promise<FileRow> {
  return readableFile(db, undefined, fileId);
}

/** A file the caller owns: the only ones they may change or delete. */
export async function ownedFile(db: Db, ownerId: number, fileId: number): Promise<FileRow> {
  const row = await fileRow(db, fileId);
  if (row.user_id !== ownerId) throw new NotFound(FILE_NOT_FOUND);
  return row;
}

export const FOLDER_NOT_FOUND = sentence('folderNotFound');

async function folderRow(db: Db, folderId: number, message: Sentence): Promise<FolderRow> {
  const row = await db.selectFrom('folders').selectAll().where('id', '=', folderId).where('trashed_at', 'is', null).executeTakeFirst();
  if (!row) throw new NotFound(message);
  return row;
}

/** A folder the viewer may read (folderReader's rule); anything else is "not found". */
export async function readableFolder(db: Db, viewer: Viewer, folderId: number): Promise<FolderRow> {
  const row = await folderRow(db, folderId, FOLDER_NOT_FOUND);
  if ((await readableFolderIds(db, viewer, [row])).has(row.id)) return row;
  throw new NotFound(FOLDER_NOT_FOUND);
}

/** A folder on a public chain, for anyone. */
export function publicFolder(db: Db, folderId: number): Promise<FolderRow> {
  return readableFolder(db, undefined, folderId);
}

/** A folder the caller owns: the only ones they may change, delete, or put things in. */
export async function ownedFolder(db: Db, ownerId: number, folderId: number, message = FOLDER_NOT_FOUND): Promise<FolderRow> {
  const row = await folderRow(db, folderId, message);
  if (row.user_id !== ownerId) throw new NotFound(message);
  return row;
}
