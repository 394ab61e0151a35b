import { sql } from 'kysely';
import { LINK_LIMITS, type LinkFile, type LinkView } from '@vault/contract';
import type { FileRow, LinkRow } from '../../db/schema.js';
import { FILE_NOT_FOUND, FOLDER_NOT_FOUND, liveFolderTree } from '../access/rules.js';
import type { DomainContext } from '../shared/context.js';
import { NotFound } from '../shared/errors.js';
import { folderContents, type TreeFile } from '../downloads/tree.js';

const visibleFile = (f: Pick<TreeFile, 'id' | 'name' | 'size' | 'mime_type' | 'folder_id'>): LinkFile => ({
  id: f.id,
  name: f.name,
  size: f.size,
  mime_type: f.mime_type,
  folder_id: f.folder_id,
});

/**
 * GET /api/s/{token}: the link's item for its landing page, counted as a view.
 * A folder shows its whole tree (up to LINK_LIMITS.treeMax entries a list);
 * only names, sizes and types, never who else may read it.
 */
export async function viewShareLink(ctx: DomainContext, link: LinkRow): Promise<LinkView> {
  const now = Date.now();
  await ctx.db.updateTable('links').set({ views: sql`views + 1`, last_used_at: now }).where('id', '=', link.id).execute();
  const owner = await ctx.db.selectFrom('users').select('username').where('id', '=', link.user_id).executeTakeFirstOrThrow();
  const common = {
    owner: owner.username,
    label: link.label,
    allow_preview: link.allow_preview === 1,
    expires_at: link.expires_at === null ? null : new Date(Number(link.expires_at)).toISOString(),
    downloads_left: link.max_downloads === null ? null : Math.max(0, link.max_downloads - link.downloads),
  };
  if (link.file_id !== null) {
    const file = await linkFile(ctx, link, link.file_id);
    return { ...common, item: { type: 'file', file: visibleFile({ ...file, name: file.original_name, size: file.file_size, folder_id: null }) } };
  }
  const tree = await folderContents(ctx.db, link.folder_id!, LINK_LIMITS.treeMax + 1);
  const root = tree.folders.find((f) => f.parent_id === null);
  if (!root) throw new NotFound(FOLDER_NOT_FOUND);
  const size = await subtreeSize(ctx, link.folder_id!);
  return {
    ...common,
    item: {
      type: 'folder',
      folder: root,
      folders: tree.folders.filter((f) => f.parent_id !== null).slice(0, LINK_LIMITS.treeMax),
      files: tree.files.slice(0, LINK_LIMITS.treeMax).map((f) => visibleFile({ ...f, folder_id: f.folder_id === root.id ? null : f.folder_id })),
      size,
      truncated: tree.folders.length - 1 > LINK_LIMITS.treeMax || tree.files.length > LINK_LIMITS.treeMax,
    },
  };
}

async function subtreeSize(ctx: DomainContext, folderId: number): Promise<number> {
  const { rows } = await sql<{ size: number | null }>`${liveFolderTree(folderId)}
    select sum(f.file_size) as size from files f where f.folder_id in (select id from tree) and f.trashed_at is null`.execute(ctx.db);
  return Number(rows[0]?.size ?? 0);
}

/**
 * A file the link opens: its own file, or one anywhere below its folder. Any
 * other id is "not found", whoever owns it, so ids in paths cannot reach past
 * the link's item.
 */
export async function linkFile(ctx: DomainContext, link: LinkRow, fileId: number): Promise<FileRow> {
  if (link.file_id !== null) {
    if (fileId !== link.file_id) throw new NotFound(FILE_NOT_FOUND);
    const row = await ctx.db.selectFrom('files').selectAll().where('id', '=', fileId).where('trashed_at', 'is', null).executeTakeFirst();
    if (!row) throw new NotFound(FILE_NOT_FOUND);
    return row;
  }
  const { rows } = await sql<FileRow>`${liveFolderTree(link.folder_id!)}
    select * from files where id = ${fileId} and folder_id in (select id from tree) and trashed_at is null`.execute(ctx.db);
  const row = rows[0];
  if (!row) throw new NotFound(FILE_NOT_FOUND);
  return row;
}
