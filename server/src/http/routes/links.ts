import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  linkCreateSchema,
  linkListQuerySchema,
  linkTokenParamSchema,
  linkUnlockSchema,
  linkUpdateSchema,
  type LinkGrant,
  type LinkView,
  type ShareLink,
} from '@vault/contract';
import { z } from 'zod';
import { downloadLinkFolder } from '../../domain/links/download-link-folder.js';
import { openLinkFile } from '../../domain/links/open-link-file.js';
import { createShareLink } from '../../domain/links/create-link.js';
import { shareLinkDto } from '../../domain/links/dto.js';
import { listShareLinks } from '../../domain/links/list-links.js';
import { openLink, unlockLink } from '../../domain/links/open-link.js';
import { revokeLink } from '../../domain/links/revoke-link.js';
import { updateLink } from '../../domain/links/update-link.js';
import { LinkRefused } from '../../domain/links/refusals.js';
import { viewShareLink } from '../../domain/links/view-link.js';
import type { LinkRow } from '../../db/schema.js';
import { sendArchive } from '../archive-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { sendFile } from '../file-response.js';
import { idOf, parse } from '../validate.js';

const PUBLIC = { config: { access: 'public' as const } };

/** The token in a link's path; one that cannot be a token is a link that does not exist. */
export function tokenOf(request: FastifyRequest): string {
  const parsed = linkTokenParamSchema.safeParse(request.params);
  if (!parsed.success) throw new LinkRefused('not_found');
  return parsed.data.token;
}

/** A grant travels as a header from the page's own calls, and as ?grant= on plain links (downloads, previews). */
export function grantOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-link-grant'];
  if (typeof header === 'string' && header !== '') return header;
  const query = (request.query as { grant?: unknown }).grant;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** Opens the request's link of this kind, or refuses with the reason (see openLink). */
export const linkOf = (ctx: HttpDeps['ctx'], kind: LinkRow['kind'], request: FastifyRequest) => openLink(ctx, kind, tokenOf(request), grantOf(request));

const fileInLinkParams = z.object({ id: z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(Number.MAX_SAFE_INTEGER, 'Invalid id') });

/** Unlocks a link, counting wrong passwords per link and per address. */
export async function unlock(deps: HttpDeps, kind: LinkRow['kind'], request: FastifyRequest): Promise<LinkGrant> {
  const token = tokenOf(request);
  const { password } = parse(linkUnlockSchema, request.body);
  return deps.failures.unlockLink(request.ip, token, () => unlockLink(deps.ctx, kind, token, password));
}

export function linkRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { ctx } = deps;

  app.post('/api/links', async (request, reply) => {
    const link = await createShareLink(ctx, actorOf(request), parse(linkCreateSchema, request.body));
    return reply.status(201).send({ link });
  });

  app.get('/api/links', async (request) => listShareLinks(ctx, actorOf(request), parse(linkListQuerySchema, request.query)));

  app.patch('/api/links/:id', async (request): Promise<{ link: ShareLink }> => ({
    link: shareLinkDto(await updateLink(ctx, actorOf(request), 'share', idOf(request), parse(linkUpdateSchema, request.body))),
  }));

  app.delete('/api/links/:id', async (request, reply) => {
    await revokeLink(ctx, actorOf(request), 'share', idOf(request));
    return reply.status(204).send();
  });

  app.get('/api/s/:token', PUBLIC, async (request): Promise<LinkView> => viewShareLink(ctx, await linkOf(ctx, 'share', request)));

  app.post('/api/s/:token/unlock', PUBLIC, async (request) => unlock(deps, 'share', request));

  /** The link's item: its file, or its folder as a zip. Counted against max_downloads once it starts. */
  app.get('/api/s/:token/download', PUBLIC, async (request, reply) => {
    const link = await linkOf(ctx, 'share', request);
    if (link.file_id !== null) return sendLinkFile(request, reply, link, link.file_id);
    return sendArchive(ctx, reply, await downloadLinkFolder(ctx, link));
  });

  /** One file of the link's item; ?inline=1 previews it where the owner allowed previews. */
  app.get('/api/s/:token/files/:id/download', PUBLIC, async (request, reply) => {
    const link = await linkOf(ctx, 'share', request);
    return sendLinkFile(request, reply, link, parse(fileInLinkParams, request.params).id);
  });

  async function sendLinkFile(request: FastifyRequest, reply: FastifyReply, link: LinkRow, fileId: number) {
    const inline = (request.query as { inline?: string }).inline === '1';
    const { content, claim } = await openLinkFile(ctx, link, { fileId, inline });
    return sendFile(request, reply, content, { inline, cache: 'private', claim });
  }
}
