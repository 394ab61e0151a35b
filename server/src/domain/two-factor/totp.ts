import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/index.js';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Vault';
/** One 30-second step either side of now: clocks drift, and people type slowly. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret });
}

/**
 * Accepts a TOTP code (RFC 6238) for `secret` at most once: its time step must
 * come after the last one accepted for this user, and it is recorded by a
 * conditional UPDATE, so a replay, or the same code sent twice at once to two
 * instances, is refused.
 */
export async function acceptTotpCode(db: Db, userId: number, secret: string, code: string): Promise<boolean> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  // Only a TOTP result carries its time step.
  if (!result.valid || !('timeStep' in result)) return false;
  const step = result.timeStep;
  const updated = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
