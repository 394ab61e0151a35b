import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  endedLinksRemovedSchema,
  idParamSchema,
  linkCreateSchema,
  linkDownloadQuerySchema,
  linkFilePathSchema,
  linkGrantQuerySchema,
  linkGrantSchema,
  linkListQuerySchema,
  linkListResponseSchema,
  linkPathSchema,
  linkResponseSchema,
  linkTokenParamSchema,
  linkUnlockSchema,
  linkUpdateSchema,
  linkViewSchema,
  type LinkGrant,
  type LinkView,
  type ShareLink,
} from '@vault/contract';
import { downloadLinkFolder } from '../../domain/links/download-link-folder.js';
import { openLinkFile } from '../../domain/links/open-link-file.js';
import { createShareLink } from '../../domain/links/create-link.js';
import { shareLinkDto } from '../../domain/links/dto.js';
import { listShareLinks } from '../../domain/links/list-links.js';
import { openLink, renewLinkGrant, unlockLink } from '../../domain/links/open-link.js';
import { removeEndedLink, removeEndedLinks } from '../../domain/links/remove-link.js';
import { revokeLink } from '../../domain/links/revoke-link.js';
import { updateLink } from '../../domain/links/update-link.js';
import { LinkRefused } from '../../domain/links/refusals.js';
import { viewShareLink } from '../../domain/links/view-link.js';
import type { DomainContext } from '../../domain/shared/context.js';
import type { LinkRow } from '../../db/schema.js';
import { sendArchive } from '../archive-response.js';
import { actorOf } from '../auth-hook.js';
import type { HttpDeps } from '../deps.js';
import { sendFile } from '../file-response.js';
import { FILE_ANSWERS, NO_BODY, api } from '../openapi/route-spec.js';
import { idOf, validated } from '../validate.js';
import { limitedAddressOf } from '../limited-address.js';

const tag = 'Share links';
const params = idParamSchema;
/** What a link's visitor may be told instead of the item: unknown (404), needs a password (401), ended (410). */
export const LINK_REFUSALS = [401, 404, 410];
/** A file through a link: whole, one range, or not modified since the ETag the client holds. */

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
  const query = (request.query as { grant?: unknown } | undefined)?.grant;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** Opens the request's link of this kind, or refuses with the reason (see openLink). */
export const linkOf = (ctx: DomainContext, kind: LinkRow['kind'], request: FastifyRequest) => openLink(ctx, kind, tokenOf(request), grantOf(request));

/** Unlocks a link, counting wrong passwords per link and per address. */
async function unlock(deps: HttpDeps, kind: LinkRow['kind'], request: FastifyRequest): Promise<LinkGrant> {
  const token = tokenOf(request);
  const { password } = validated(linkUnlockSchema, request.body);
  return deps.failures.unlockLink(limitedAddressOf(request), token, () => unlockLink(request.ctx, kind, token, password));
}

/** Where each kind of link is reached by its visitors and listed for its owner, and what it is called. */
const KINDS = {
  share: { visitors: '/api/s/:token', owner: '/api/links', what: 'share link' },
  request: { visitors: '/api/r/:token', owner: '/api/requests', what: 'file request' },
} as const;

/** The routes of a link kind's password: unlock with it, renew the grant it earned. */
export function grantRoutes(app: FastifyInstance, deps: HttpDeps, kind: LinkRow['kind'], tag: string): void {
  const { visitors: path, what } = KINDS[kind];
  app.post(
    `${path}/unlock`,
    api({ summary: `Unlock a password-protected ${what}`, tag, access: 'public', params: linkPathSchema, body: linkUnlockSchema, responses: { 200: linkGrantSchema }, errors: LINK_REFUSALS }),
    async (request) => unlock(deps, kind, request),
  );
  app.post(
    `${path}/grant`,
    api({
      summary: `Renew the grant a ${what}'s password earned (send X-Link-Grant while it holds)`,
      tag,
      access: 'public',
      params: linkPathSchema,
      query: linkGrantQuerySchema,
      responses: { 200: linkGrantSchema },
      errors: LINK_REFUSALS,
    }),
    async (request) => renewLinkGrant(request.ctx, kind, tokenOf(request), grantOf(request)),
  );
}

/**
 * The owner clears links of a kind that have ended (revoked or closed,
 * expired, used up or full) out of their list for good, one or all; an active
 * one must be ended first (409). What a file request received stays.
 */
export function endedRoutes(app: FastifyInstance, kind: LinkRow['kind'], tag: string): void {
  const { owner: path, what } = KINDS[kind];
  app.delete(
    `${path}/ended/:id`,
    api({ summary: `Remove an ended ${what} from your list`, tag, params, responses: { 204: NO_BODY }, errors: [404, 409] }),
    async (request, reply) => {
      await removeEndedLink(request.ctx, actorOf(request), kind, idOf(request));
      return reply.status(204).send();
    },
  );
  app.delete(`${path}/ended`, api({ summary: `Remove all your ended ${what}s from your list`, tag, responses: { 200: endedLinksRemovedSchema } }), async (request) =>
    removeEndedLinks(request.ctx, actorOf(request), kind),
  );
}

export function linkRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.post(
    '/api/links',
    api({ summary: 'Create a share link to a file or folder', tag, body: linkCreateSchema, responses: { 201: linkResponseSchema }, errors: [404] }),
    async (request, reply) => {
      const link = await createShareLink(request.ctx, actorOf(request), validated(linkCreateSchema, request.body));
      return reply.status(201).send({ link });
    },
  );

  app.get('/api/links', api({ summary: "The caller's share links", tag, query: linkListQuerySchema, responses: { 200: linkListResponseSchema }, errors: [404] }), async (request) =>
    listShareLinks(request.ctx, actorOf(request), validated(linkListQuerySchema, request.query)),
  );

  app.patch(
    '/api/links/:id',
    api({ summary: "Change a share link's expiry, limit, password or previews", tag, params, body: linkUpdateSchema, responses: { 200: linkResponseSchema }, errors: [404, 409] }),
    async (request): Promise<{ link: ShareLink }> => ({
      link: shareLinkDto(await updateLink(request.ctx, actorOf(request), 'share', idOf(request), validated(linkUpdateSchema, request.body))),
    }),
  );

  app.delete('/api/links/:id', api({ summary: 'Revoke a share link', tag, params, responses: { 204: NO_BODY }, errors: [404] }), async (request, reply) => {
    await revokeLink(request.ctx, actorOf(request), 'share', idOf(request));
    return reply.status(204).send();
  });

  endedRoutes(app, 'share', tag);

  app.get(
    '/api/s/:token',
    api({
      summary: "A share link's item (send X-Link-Grant once unlocked)",
      tag,
      access: 'public',
      params: linkPathSchema,
      query: linkGrantQuerySchema,
      responses: { 200: linkViewSchema },
      errors: LINK_REFUSALS,
    }),
    async (request): Promise<LinkView> => viewShareLink(request.ctx, await linkOf(request.ctx, 'share', request)),
  );

  grantRoutes(app, deps, 'share', tag);

  /** The link's item: its file, or its folder as a zip. Counted against max_downloads once it starts. */
  app.get(
    '/api/s/:token/download',
    api({
      summary: "Download a share link's file, or its folder as a zip; Range supported for a file",
      tag,
      access: 'public',
      params: linkPathSchema,
      query: linkDownloadQuerySchema,
      responses: FILE_ANSWERS,
      errors: [...LINK_REFUSALS, 403, 413, 415, 416],
    }),
    async (request, reply) => {
      const link = await linkOf(request.ctx, 'share', request);
      if (link.file_id !== null) return sendLinkFile(request, reply, link, link.file_id);
      return sendArchive(request, reply, await downloadLinkFolder(request.ctx, link));
    },
  );

  /** One file of the link's item; ?inline=1 previews it where the owner allowed previews. */
  app.get(
    '/api/s/:token/files/:id/download',
    api({
      summary: "Download or preview one file of a share link's folder; Range supported",
      tag,
      access: 'public',
      params: linkFilePathSchema,
      query: linkDownloadQuerySchema,
      responses: FILE_ANSWERS,
      errors: [...LINK_REFUSALS, 403, 415, 416],
    }),
    async (request, reply) => {
      const link = await linkOf(request.ctx, 'share', request);
      return sendLinkFile(request, reply, link, validated(linkFilePathSchema, request.params).id);
    },
  );

  async function sendLinkFile(request: FastifyRequest, reply: FastifyReply, link: LinkRow, fileId: number) {
    const inline = validated(linkDownloadQuerySchema, request.query).inline === '1';
    const { content, claim, countEveryRange } = await openLinkFile(request.ctx, link, { fileId, inline });
    return sendFile(request, reply, content, { inline, cache: 'private', claim, countEveryRange });
  }
}
