import { generateSecret, generateURI, verify } from 'otplib';
import { LIMITS } from '@vault/contract';
import { totpContext } from '../../secret-box.js';
import type { DomainContext } from '../shared/context.js';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Vault';
/** One 30-second step either side of now: clocks drift, and people type slowly. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret, digits: LIMITS.totpDigits });
}

/** A user's TOTP secret as it is stored: sealed to their account (ctx.secrets). */
export function sealTotpSecret(ctx: DomainContext, userId: number, secret: string): string {
  return ctx.secrets.seal(secret, totpContext(userId));
}

/**
 * Accepts a TOTP code (RFC 6238) for the user's stored (sealed) secret at most
 * once: its time step must come after the last one accepted for this user,
 * and it is recorded by a conditional UPDATE, so a replay, or the same code
 * sent twice at once to two instances, is refused. A secret that no longer
 * opens (the server's secret changed) accepts no code: it is logged for the
 * operator, and the user signs in with a recovery code or an admin resets it.
 */
export async function acceptTotpCode(ctx: DomainContext, userId: number, sealed: string, code: string): Promise<boolean> {
  let secret: string;
  try {
    secret = ctx.secrets.open(sealed, totpContext(userId));
  } catch (err) {
    ctx.log.error({ err, userId }, 'the TOTP secret of this user cannot be opened: was JWT_SECRET (or DATA_DIR/jwt-secret) changed?');
    return false;
  }
  const result = await verify({ secret, token: code, digits: LIMITS.totpDigits, epochTolerance: TOLERANCE_SECONDS });
  // Only a TOTP result carries its time step.
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const updated = await ctx.db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
