import type { FileRequest, FileRequestCreate } from '@vault/contract';
import type { Db } from '../../db/index.js';
import { folderReach } from '../access/audience.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { fileRequestDto, namedLinks, type NamedLink } from '../links/dto.js';
import { epochOf, insertLink } from '../links/insert-link.js';

/** POST /api/requests: an upload-only link into a folder the caller owns. */
export async function createFileRequest(ctx: DomainContext, actor: Actor, input: FileRequestCreate): Promise<FileRequest> {
  const id = await insertLink(
    ctx,
    actor,
    {
      kind: 'request',
      file_id: null,
      folder_id: input.folder_id,
      label: input.label || null,
      message: input.message || null,
      expires_at: epochOf(input.expires_at) ?? null,
      allow_preview: 0,
      max_files: input.max_files ?? null,
      max_bytes: input.max_bytes ?? null,
    },
    { password: input.password },
  );
  const [row] = await namedLinks(ctx.db, actor.id, 'request', { ids: [id] });
  return ownersView(ctx.db, row!);
}

/** A file request as its owner sees it, with who else can open what arrives through its folder. */
export async function ownersView(db: Db, row: NamedLink, now = Date.now()): Promise<FileRequest> {
  return fileRequestDto(row, await folderReach(db, row.folder_id!, now), now);
}

/** GET /api/requests: the caller's file requests, newest first. */
export async function listFileRequests(ctx: DomainContext, actor: Actor): Promise<{ requests: FileRequest[] }> {
  const now = Date.now();
  const rows = await namedLinks(ctx.db, actor.id, 'request');
  return { requests: await Promise.all(rows.map((row) => ownersView(ctx.db, row, now))) };
}
