import type { Folder } from '@vault/contract';
import { readableFolder } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { folderDto } from './dto.js';

/** A folder the caller may read, as they may see it. */
export async function getFolder(ctx: DomainContext, actor: Actor, { folderId }: { folderId: number }): Promise<Folder> {
  const row = await readableFolder(ctx.db, viewerOf(actor), folderId);
  return folderDto(ctx.db, viewerOf(actor), row.id);
}
