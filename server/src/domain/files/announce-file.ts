import type { FileItem } from '@vault/contract';
import { fileAudience } from '../access/audience.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { fileWithShares } from './dto.js';

/** After a commit: the file as its owner sees it, and the event of the change to everyone who may see the file. */
export async function announceFile(ctx: DomainContext, actor: Actor, fileId: number, type: 'file_uploaded' | 'file_updated'): Promise<FileItem> {
  // The file's row carries its shares: they serve its visibility and the event's audience.
  const { dto, sharedWith } = await fileWithShares(ctx.db, viewerOf(actor), fileId);
  const audience = await fileAudience(ctx.db, { id: dto.id, user_id: dto.user_id, is_public: dto.is_public ? 1 : 0, folder_id: dto.folder_id }, sharedWith);
  await ctx.events.publish({ event: { type, file_id: dto.id, at: new Date().toISOString() }, audience });
  return dto;
}
