import type { FileItem } from '@vault/contract';
import { publicFile } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { fileDto } from './dto.js';

/** A public file as anyone sees it: signed in or not, nobody learns more than a stranger. */
export async function getPublicFile(ctx: DomainContext, _actor: Actor | undefined, { fileId }: { fileId: number }): Promise<FileItem> {
  const row = await publicFile(ctx.db, fileId);
  return fileDto(ctx.db, undefined, row.id);
}
