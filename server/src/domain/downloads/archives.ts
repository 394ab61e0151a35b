import { sql } from 'kysely';
import { activityDetail } from '@vault/contract';
import type { ActivityVia, ZipSelection } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { FileRow, FolderRow, LinkRow } from '../../db/schema.js';
import { readableFile, readableFolder, type Viewer } from '../access/rules.js';
import { recordActivity } from '../shared/activity.js';
import type { DomainContext } from '../shared/context.js';
import { safeSegment } from './archive-names.js';
import { folderContents, looseFiles } from './tree.js';
import { archiveEntries, type ArchiveContent, type ArchiveEntry } from './zip.js';

/** A zip to be streamed: its file name, and its entries, laid out before anything is sent. */
export interface Archive {
  name: string;
  entries: ArchiveEntry[];
}

const archive = (name: string, content: ArchiveContent): Archive => ({ name, entries: archiveEntries(content) });

/** An archive a verb hands out: its download is counted only once it starts, never for a HEAD. */
export interface ArchiveDownload extends Archive {
  /** Counts the download as it starts: claims it (a link's limit may refuse it) and logs it. */
  countDownload(): Promise<void>;
}

/** GET /api/folders/{id}/download: a folder the viewer may read, with everything below it. */
export async function folderArchive(db: Db, viewer: Viewer, folderId: number): Promise<Archive> {
  const folder = await readableFolder(db, viewer, folderId);
  return archive(`${safeSegment(folder.name)}.zip`, { files: [], trees: [await folderContents(db, folder.id)] });
}

/**
 * The folders among `starts` that lie below one of `selected` (at any depth; a folder is not below
 * itself). UNION stops on a cycle, should one ever exist.
 */
async function belowSelected(db: Db, starts: number[], selected: number[]): Promise<Set<number>> {
  if (starts.length === 0 || selected.length === 0) return new Set();
  const { rows } = await sql<{ start: number }>`with recursive up(start, id) as (
      select f.id, f.parent_id from folders f where f.id in (${sql.join(starts)})
      union
      select u.start, f.parent_id from up u join folders f on f.id = u.id where f.parent_id is not null
    )
    select distinct start from up where id in (${sql.join(selected)})`.execute(db);
  return new Set(rows.map((r) => Number(r.start)));
}

/**
 * "Download selected": files and folders the viewer may read, each checked as
 * if asked for alone; any one they may not read makes the whole selection
 * "not found", so nothing about it leaks. An item inside a selected folder is
 * in that folder's tree already: the archive holds it once, there.
 */
export async function readableSelection(db: Db, viewer: Viewer, selection: Required<ZipSelection>): Promise<{ fileIds: number[]; folders: FolderRow[] }> {
  const files: FileRow[] = [];
  for (const id of new Set(selection.file_ids)) files.push(await readableFile(db, viewer, id));
  const folders: FolderRow[] = [];
  for (const id of new Set(selection.folder_ids)) folders.push(await readableFolder(db, viewer, id));
  const selected = folders.map((f) => f.id);
  const fileFolders = files.flatMap((f) => (f.folder_id === null ? [] : [f.folder_id]));
  const below = await belowSelected(db, [...new Set([...selected, ...fileFolders])], selected);
  const inSelected = (folderId: number | null) => folderId !== null && (selected.includes(folderId) || below.has(folderId));
  return { fileIds: files.filter((f) => !inSelected(f.folder_id)).map((f) => f.id), folders: folders.filter((f) => !below.has(f.id)) };
}

/** The archive of a selection (see readableSelection). */
export async function selectionArchive(db: Db, viewer: Viewer, selection: Required<ZipSelection>): Promise<Archive> {
  const { fileIds, folders } = await readableSelection(db, viewer, selection);
  const name = fileIds.length === 0 && folders.length === 1 ? `${safeSegment(folders[0]!.name)}.zip` : 'download.zip';
  const trees = [];
  for (const folder of folders) trees.push(await folderContents(db, folder.id));
  return archive(name, { files: await looseFiles(db, fileIds), trees });
}

/** "Download all" on a folder link: the link's folder, whoever may otherwise read it. */
export async function linkArchive(db: Db, link: LinkRow): Promise<Archive> {
  const folder = await db.selectFrom('folders').select(['id', 'name']).where('id', '=', link.folder_id!).executeTakeFirstOrThrow();
  return archive(`${safeSegment(folder.name)}.zip`, { files: [], trees: [await folderContents(db, folder.id)] });
}

/** One audit entry per archive: its name and how many files it holds. */
export async function recordArchiveDownload(ctx: DomainContext, userId: number | null, { name, entries }: Archive, via?: ActivityVia): Promise<void> {
  const files = entries.filter((entry) => entry.file).length;
  await recordActivity(ctx.db, { type: 'download', userId, fileName: name, detail: activityDetail('zip', { count: files }), via: via ?? null });
}
