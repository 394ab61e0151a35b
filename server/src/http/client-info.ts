import type { FastifyRequest } from 'fastify';
import type { SignInClient } from '../domain/accounts/sessions.js';

/** The address (as trusted proxies report it) and browser a sign-in came from. */
export function signInClient(request: FastifyRequest): SignInClient {
  return { address: request.ip || null, userAgent: request.headers['user-agent'] ?? null };
}
