import type { AuthResponse } from '@vault/contract';
import type { Actor } from '../../src/domain/shared/context.js';

/** The actor the auth hook would make of a signed-in user, for calling domain functions directly. */
export function actorOf({ user }: AuthResponse, isAdmin = false): Actor {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin,
    adminAccount: isAdmin,
    createdAt: 0,
    sessionId: 'test',
    tokenExpiresAt: Number.MAX_SAFE_INTEGER,
    twoFactor: false,
    mustChangePassword: false,
  };
}
