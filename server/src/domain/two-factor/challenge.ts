import { randomUUID } from 'node:crypto';
import { sentence, type TwoFactorChallenge } from '@vault/contract';
import type { UserRow } from '../../db/schema.js';
import { passwordStamp } from '../accounts/sessions.js';
import type { ChallengeClaims } from '../accounts/tokens.js';
import type { DomainContext } from '../shared/context.js';
import { Unauthorized } from '../shared/errors.js';

/** How long the second step may take after the right password. */
export const CHALLENGE_TTL_SECONDS = 300;

/** The answer to a right password when a second factor must follow: bound to that password, which a change ends. */
export async function issueChallenge(ctx: DomainContext, user: Pick<UserRow, 'id' | 'password_hash'>, mode: 'user' | 'admin'): Promise<TwoFactorChallenge> {
  const claims = { userId: user.id, challengeId: randomUUID(), mode, passwordStamp: passwordStamp(user.password_hash) };
  const { token, expiresAt } = await ctx.tokens.issueChallenge(claims, CHALLENGE_TTL_SECONDS);
  return { two_factor_required: true, challenge: token, expires_at: new Date(expiresAt).toISOString() };
}

/** The challenge's claims; an expired or forged one asks the user to start again. */
export async function readChallenge(ctx: DomainContext, token: string): Promise<ChallengeClaims> {
  try {
    return await ctx.tokens.verifyChallenge(token);
  } catch {
    throw new Unauthorized(sentence('signInExpired'));
  }
}
