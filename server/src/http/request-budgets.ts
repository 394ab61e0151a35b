import { sentence } from '@vault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimited } from '../domain/shared/errors.js';
import type { TokenService } from '../domain/accounts/tokens.js';
import { bearerToken } from './auth-hook.js';
import { limitedAddressOf } from './limited-address.js';
import type { CounterStore } from './counter-store.js';
import './request-context.js';

export interface BudgetLimits {
  /** Requests per signed-in session. */
  max: number;
  /** Anonymous requests per address, sign-in and websockets apart. */
  publicMax: number;
  /** Sign-in and registration requests per address. */
  signInMax: number;
  /** Websocket connections per session, and per address for sockets that show no token. */
  wsMax: number;
  windowMs: number;
}

/**
 * Request rate limits that one client cannot turn against others. A request
 * carrying a valid token (Authorization header, ?token= on /ws, a signed ?dl=
 * link) is counted against its session, never its address; anonymous requests
 * are counted per address, with sign-in (and uploads through file requests)
 * and websocket upgrades in budgets of their own. Tokens are only checked for
 * their signature here, before any database work, so a flood is refused
 * cheaply; that is why the budget is the session's and not the user's: a
 * token whose session has ended still passes this check, and its thief would
 * otherwise spend its owner's budget until it expires.
 */
export interface RequestBudgets {
  /** Counts every request before the routes run; an exhausted budget answers 429. */
  register(app: FastifyInstance): void;
  /**
   * A socket that upgraded without a token (counted against its address) has
   * now shown a token of `sessionId`: the connection is counted against that
   * session instead. Throws RateLimited when the session is over budget.
   */
  chargeSocketToSession(request: FastifyRequest, sessionId: string): Promise<void>;
}

interface Charge {
  key: string;
  max: number;
}

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The session a token was signed for, or undefined when it does not verify. */
async function signedSession(verify: (token: string) => Promise<{ sessionId: string }>, token: string | undefined): Promise<string | undefined> {
  if (token === undefined) return undefined;
  try {
    return (await verify(token)).sessionId;
  } catch {
    return undefined;
  }
}

export function createRequestBudgets(store: CounterStore, tokens: TokenService, limits: BudgetLimits): RequestBudgets {
  const socketOfSession = (sessionId: string): Charge => ({ key: `ws:session:${sessionId}`, max: limits.wsMax });
  const socketOfAddress = (ip: string): Charge => ({ key: `ws:ip:${ip}`, max: limits.wsMax });

  async function chargeOf(request: FastifyRequest): Promise<Charge> {
    const budget = request.routeOptions.config?.budget;
    if (budget === 'sign-in') return { key: `sign-in:ip:${limitedAddressOf(request)}`, max: limits.signInMax };
    if (budget === 'link-upload') return { key: `link-upload:ip:${limitedAddressOf(request)}`, max: limits.signInMax };
    if (budget === 'websocket') {
      const sessionId = await signedSession(tokens.verifySession, queryParam(request, 'token'));
      return sessionId === undefined ? socketOfAddress(limitedAddressOf(request)) : socketOfSession(sessionId);
    }
    const sessionId =
      (await signedSession(tokens.verifySession, bearerToken(request))) ?? (await signedSession(tokens.verifyDownload, queryParam(request, 'dl')));
    return sessionId === undefined ? { key: `public:ip:${limitedAddressOf(request)}`, max: limits.publicMax } : { key: `api:session:${sessionId}`, max: limits.max };
  }

  async function take({ key, max }: Charge): Promise<void> {
    const { count, resetInMs } = await store.increment(key, limits.windowMs);
    if (count > max) {
      const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
      throw new RateLimited(sentence('tooManyRequests', { seconds }), seconds);
    }
  }

  return {
    register(app) {
      app.addHook('onRequest', async (request) => take(await chargeOf(request)));
    },
    async chargeSocketToSession(request, sessionId) {
      await store.release([socketOfAddress(limitedAddressOf(request)).key]);
      await take(socketOfSession(sessionId));
    },
  };
}
