import { linkCreateSchema, type ShareLink } from '@vault/contract';
import type { z } from 'zod';
import type { Actor, DomainContext } from '../shared/context.js';
import { namedLinks, shareLinkDto } from './dto.js';
import { epochOf, insertLink } from './insert-link.js';

export type LinkCreateInput = z.output<typeof linkCreateSchema>;

/** POST /api/links: a new share link for a file or folder the caller owns. */
export async function createShareLink(ctx: DomainContext, actor: Actor, input: LinkCreateInput): Promise<ShareLink> {
  const { item } = input;
  const id = await insertLink(
    ctx,
    actor,
    {
      kind: 'share',
      file_id: item.type === 'file' ? item.id : null,
      folder_id: item.type === 'folder' ? item.id : null,
      label: input.label || null,
      expires_at: epochOf(input.expires_at) ?? null,
      max_downloads: input.max_downloads ?? null,
      allow_preview: input.allow_preview ? 1 : 0,
    },
    { password: input.password },
  );
  const [row] = await namedLinks(ctx.db, actor.id, 'share', { ids: [id] });
  return shareLinkDto(row!);
}
