import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { WS_AUTH_TIMEOUT_MS, WS_READY, sentence, wsAuthMessageSchema, wsQuerySchema, wsServerMessageSchema } from '@vault/contract';
import { api, NO_BODY } from '../openapi/route-spec.js';
import { DomainError, Forbidden, RateLimited, UpgradeRequired } from '../../domain/shared/errors.js';
import { authenticate } from '../../domain/accounts/sessions.js';
import type { HttpDeps } from '../deps.js';
import { refuse } from '../realtime/hub.js';
import { createPendingSockets } from '../realtime/pending.js';
import { limitedAddressOf } from '../limited-address.js';

/** RFC 6455: the server hit a condition it cannot handle (the database is down...); the client may retry. */
const INTERNAL_ERROR = 1011;
/** Registered with IANA for RFC 6455: refused for now, welcome later. */
const TRY_AGAIN_LATER = 1013;

function authToken(data: RawData, isBinary: boolean): string | undefined {
  if (isBinary) return undefined;
  try {
    const parsed = wsAuthMessageSchema.safeParse(JSON.parse(data.toString()));
    return parsed.success ? parsed.data.token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /ws: the real-time link. The socket authenticates with ?token= or a first
 * {type:'auth', token} message within 5 s, is told {type:'ready'}, then only
 * receives events. Anything it sends afterwards, like a failed authentication,
 * closes it with 1008. An address may hold only so many sockets that have not
 * authenticated yet; a session over its connection budget is told to try later.
 */
export function wsRoutes(app: FastifyInstance, { ctx, config, budgets, realtime }: HttpDeps): void {
  const pending = createPendingSockets(config.wsMaxPendingPerAddress);

  const declared = api({
    summary: 'Live events: authenticate with ?token= or a first auth message, then receive events',
    tag: 'Real time',
    access: 'public',
    budget: 'websocket',
    websocket: { query: wsQuerySchema, receives: wsAuthMessageSchema, sends: wsServerMessageSchema },
    responses: { 101: NO_BODY },
  });
  const openSocket = (socket: WebSocket, request: FastifyRequest) => {
    const leavePending = pending.enter(limitedAddressOf(request));
    if (!leavePending) return socket.close(TRY_AGAIN_LATER, 'Too many connections waiting to authenticate');
    let state: 'waiting' | 'checking' | 'admitted' = 'waiting';
    const timeout = setTimeout(() => refuse(socket, 'Authentication timed out'), WS_AUTH_TIMEOUT_MS);
    socket.once('close', () => {
      clearTimeout(timeout);
      leavePending();
    });

    const signIn = async (token: string, shownByMessage: boolean) => {
      state = 'checking';
      try {
        // The upgrade carried no token and was counted against the address; it is the session's.
        if (shownByMessage) await budgets.chargeSocketToSession(request, (await ctx.tokens.verifySession(token)).sessionId);
        const actor = await authenticate(ctx, token);
        // As on every route: a session on a temporary password does nothing until a password is chosen.
        if (actor.mustChangePassword) throw new Forbidden(sentence('passwordChangeRequired'));
        clearTimeout(timeout);
        if (!(await realtime.admit(socket, request.socket, actor))) return;
        leavePending();
        state = 'admitted';
        socket.send(JSON.stringify(WS_READY));
      } catch (err) {
        if (err instanceof RateLimited) return socket.close(TRY_AGAIN_LATER, err.message);
        if (err instanceof DomainError) return refuse(socket, err.message);
        request.log.error({ err }, 'websocket authentication failed');
        socket.close(INTERNAL_ERROR, 'Try again later');
      }
    };

    // Listening before any await: a first message sent at once is not lost.
    socket.on('message', (data, isBinary) => {
      if (state !== 'waiting') return refuse(socket, 'Unexpected message');
      const token = authToken(data, isBinary);
      if (token === undefined) return refuse(socket, 'Authentication required');
      void signIn(token, true);
    });

    const query = wsQuerySchema.safeParse(request.query);
    if (!query.success) return refuse(socket, 'Invalid token');
    if (query.data.token !== undefined) void signIn(query.data.token, false);
  };

  app.route({
    method: 'GET',
    url: '/ws',
    config: declared.config,
    // A plain request (no Upgrade): told what this address speaks, as RFC 9110 asks of a 426.
    handler: async (_request, reply) => {
      reply.header('upgrade', 'websocket');
      throw new UpgradeRequired('This address takes a websocket connection (Upgrade: websocket)');
    },
    wsHandler: openSocket,
  });
}
