import type { LinkListResponse } from '@vault/contract';
import { ownedFile, ownedFolder } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { namedLinks, shareLinkDto } from './dto.js';

export interface LinkListQuery {
  type?: 'file' | 'folder' | undefined;
  id?: number | undefined;
}

/** GET /api/links: the caller's share links, newest first; of one item they own when it is named. */
export async function listShareLinks(ctx: DomainContext, actor: Actor, query: LinkListQuery): Promise<LinkListResponse> {
  let narrow = {};
  if (query.type === 'file' && query.id !== undefined) narrow = { fileId: (await ownedFile(ctx.db, actor.id, query.id)).id };
  if (query.type === 'folder' && query.id !== undefined) narrow = { folderId: (await ownedFolder(ctx.db, actor.id, query.id)).id };
  const now = Date.now();
  return { links: (await namedLinks(ctx.db, actor.id, 'share', narrow)).map((row) => shareLinkDto(row, now)) };
}
