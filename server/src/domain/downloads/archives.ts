import { activityDetail } from '@vault/contract';
import type { ActivityVia, ZipSelection } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { LinkRow } from '../../db/schema.js';
import { readableFile, readableFolder, type Viewer } from '../access/rules.js';
import { recordActivity } from '../shared/activity.js';
import type { DomainContext } from '../shared/context.js';
import { safeSegment } from './archive-names.js';
import { folderContents, looseFiles } from './tree.js';
import type { ArchiveContent } from './zip.js';

/** A zip to be streamed: its file name, and what goes in it. */
export interface Archive {
  name: string;
  content: ArchiveContent;
}

/** An archive a verb hands out: its download is counted only once it starts, never for a HEAD. */
export interface ArchiveDownload extends Archive {
  /** Counts the download as it starts: claims it (a link's limit may refuse it) and logs it. */
  countDownload(): Promise<void>;
}

/** GET /api/folders/{id}/download: a folder the viewer may read, with everything below it. */
export async function folderArchive(db: Db, viewer: Viewer, folderId: number): Promise<Archive> {
  const folder = await readableFolder(db, viewer, folderId);
  return { name: `${safeSegment(folder.name)}.zip`, content: { files: [], trees: [await folderContents(db, folder.id)] } };
}

/**
 * "Download selected": files and folders the viewer may read, each checked as
 * if asked for alone; any one they may not read makes the whole selection
 * "not found", so nothing about it leaks.
 */
export async function selectionArchive(db: Db, viewer: Viewer, selection: Required<ZipSelection>): Promise<Archive> {
  const fileIds = [...new Set(selection.file_ids)];
  const folderIds = [...new Set(selection.folder_ids)];
  for (const id of fileIds) await readableFile(db, viewer, id);
  const folders = [];
  for (const id of folderIds) folders.push(await readableFolder(db, viewer, id));
  const name = fileIds.length === 0 && folders.length === 1 ? `${safeSegment(folders[0]!.name)}.zip` : 'download.zip';
  const trees = [];
  for (const folder of folders) trees.push(await folderContents(db, folder.id));
  return { name, content: { files: await looseFiles(db, fileIds), trees } };
}

/** "Download all" on a folder link: the link's folder, whoever may otherwise read it. */
export async function linkArchive(db: Db, link: LinkRow): Promise<Archive> {
  const folder = await db.selectFrom('folders').select(['id', 'name']).where('id', '=', link.folder_id!).executeTakeFirstOrThrow();
  return { name: `${safeSegment(folder.name)}.zip`, content: { files: [], trees: [await folderContents(db, folder.id)] } };
}

/** One audit entry per archive: its name and how many files it holds. */
export async function recordArchiveDownload(ctx: DomainContext, userId: number | null, archive: Archive, via?: ActivityVia): Promise<void> {
  const files = archive.content.files.length + archive.content.trees.reduce((n, t) => n + t.files.length, 0);
  await recordActivity(ctx.db, { type: 'download', userId, fileName: archive.name, detail: activityDetail('zip', { count: files }), via: via ?? null });
}
