import type { FileItem } from '@vault/contract';
import { readableFile } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { fileDto } from './dto.js';

/** A file the caller may read, as they may see it. */
export async function getFile(ctx: DomainContext, actor: Actor, { fileId }: { fileId: number }): Promise<FileItem> {
  const row = await readableFile(ctx.db, viewerOf(actor), fileId);
  return fileDto(ctx.db, viewerOf(actor), row.id);
}
