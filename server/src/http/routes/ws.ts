import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { WS_AUTH_TIMEOUT_MS, WS_READY, wsAuthMessageSchema, wsQuerySchema } from '@vault/contract';
import { DomainError } from '../../domain/errors.js';
import { authenticate } from '../../domain/sessions.js';
import type { HttpDeps } from '../deps.js';
import { refuse } from '../realtime/hub.js';

/** RFC 6455: the server hit a condition it cannot handle (the database is down...); the client may retry. */
const INTERNAL_ERROR = 1011;

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
 * closes it with 1008.
 */
export function wsRoutes(app: FastifyInstance, { ctx, realtime }: HttpDeps): void {
  app.get('/ws', { websocket: true, config: { access: 'public' } }, (socket: WebSocket, request) => {
    let state: 'waiting' | 'checking' | 'admitted' = 'waiting';
    const timeout = setTimeout(() => refuse(socket, 'Authentication timed out'), WS_AUTH_TIMEOUT_MS);
    socket.once('close', () => clearTimeout(timeout));

    const signIn = async (token: string) => {
      state = 'checking';
      try {
        const actor = await authenticate(ctx, token);
        clearTimeout(timeout);
        if (socket.readyState !== socket.OPEN) return;
        if (!realtime.admit(socket, actor)) return;
        state = 'admitted';
        socket.send(JSON.stringify(WS_READY));
      } catch (err) {
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
      void signIn(token);
    });

    const query = wsQuerySchema.safeParse(request.query);
    if (!query.success) return refuse(socket, 'Invalid token');
    if (query.data.token !== undefined) void signIn(query.data.token);
  });
}
