import { sentence, type AuthResponse } from '@vault/contract';
import { recordActivity } from '../shared/activity.js';
import type { ChallengeClaims } from '../accounts/tokens.js';
import { passwordStamp, type SignInClient } from '../accounts/sessions.js';
import { assertModeAllowed, startSession } from '../accounts/users.js';
import type { DomainContext } from '../shared/context.js';
import { Unauthorized } from '../shared/errors.js';
import { spendRecoveryCode } from './recovery-codes.js';
import { acceptTotpCode } from './totp.js';

export interface SecondFactor {
  code?: string | undefined;
  recovery_code?: string | undefined;
}

/**
 * POST /api/auth/login/2fa: completes a sign-in whose password step passed,
 * with a TOTP code or a recovery code (spent by this use). The account is
 * read again: disabled, its password changed or its second factor reset since
 * the password step means start again.
 */
export async function completeSignIn(ctx: DomainContext, claims: ChallengeClaims, factor: SecondFactor, client: SignInClient): Promise<AuthResponse> {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
  if (!row || row.disabled_at !== null || row.totp_secret === null || passwordStamp(row.password_hash) !== claims.passwordStamp) {
    throw new Unauthorized(sentence('signInExpired'));
  }
  assertModeAllowed(row, claims.mode);
  if (factor.code !== undefined) {
    if (!(await acceptTotpCode(ctx, row.id, row.totp_secret, factor.code))) throw new Unauthorized(sentence('codeInvalid'));
  } else if (factor.recovery_code !== undefined && (await spendRecoveryCode(ctx.db, row.id, factor.recovery_code))) {
    await recordActivity(ctx.db, { type: 'recovery_code_used', userId: row.id });
  } else {
    throw new Unauthorized(sentence('recoveryCodeUsed'));
  }
  return startSession(ctx, row, client);
}
