import { sentence } from '@vault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimited } from '../domain/shared/errors.js';
import type { TokenService } from '../domain/accounts/tokens.js';
import { bearerToken } from './auth-hook.js';
import type { CounterStore } from './counter-store.js';
import './request-context.js';

export interface BudgetLimits {
  /** Requests per signed-in user. */
  max: number;
  /** Anonymous requests per address, sign-in and websockets apart. */
  publicMax: number;
  /** Sign-in and registration requests per address. */
  signInMax: number;
  /** Websocket connections per user, and per address for sockets that show no token. */
  wsMax: number;
  windowMs: number;
}

/**
 * Request rate limits that one client cannot turn against others. A request
 * carrying a valid token (Authorization header, ?token= on /ws, a signed ?dl=
 * link) is counted against its user, never its address; anonymous requests are
 * counted per address, with sign-in (and uploads through file requests) and
 * websocket upgrades in budgets of their own. Tokens are only checked for
 * their signature here, before any database work, so a flood is refused
 * cheaply.
 */
export interface RequestBudgets {
  /** Counts every request before the routes run; an exhausted budget answers 429. */
  register(app: FastifyInstance): void;
  /**
   * A socket that upgraded without a token (counted against its address) has
   * now shown a token of `userId`: the connection is counted against that user
   * instead. Throws RateLimited when the user is over budget.
   */
  chargeSocketToUser(request: FastifyRequest, userId: number): Promise<void>;
}

interface Charge {
  key: string;
  max: number;
}

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The user a token was signed for, or undefined when it does not verify. */
async function signedUser(verify: (token: string) => Promise<{ userId: number }>, token: string | undefined): Promise<number | undefined> {
  if (token === undefined) return undefined;
  try {
    return (await verify(token)).userId;
  } catch {
    return undefined;
  }
}

export function createRequestBudgets(store: CounterStore, tokens: TokenService, limits: BudgetLimits): RequestBudgets {
  const socketOfUser = (userId: number): Charge => ({ key: `ws:user:${userId}`, max: limits.wsMax });
  const socketOfAddress = (ip: string): Charge => ({ key: `ws:ip:${ip}`, max: limits.wsMax });

  async function chargeOf(request: FastifyRequest): Promise<Charge> {
    const budget = request.routeOptions.config?.budget;
    if (budget === 'sign-in') return { key: `sign-in:ip:${request.ip}`, max: limits.signInMax };
    if (budget === 'link-upload') return { key: `link-upload:ip:${request.ip}`, max: limits.signInMax };
    if (budget === 'websocket') {
      const userId = await signedUser(tokens.verifySession, queryParam(request, 'token'));
      return userId === undefined ? socketOfAddress(request.ip) : socketOfUser(userId);
    }
    const userId =
      (await signedUser(tokens.verifySession, bearerToken(request))) ?? (await signedUser(tokens.verifyDownload, queryParam(request, 'dl')));
    return userId === undefined ? { key: `public:ip:${request.ip}`, max: limits.publicMax } : { key: `api:user:${userId}`, max: limits.max };
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
    async chargeSocketToUser(request, userId) {
      await store.release([socketOfAddress(request.ip).key]);
      await take(socketOfUser(userId));
    },
  };
}
