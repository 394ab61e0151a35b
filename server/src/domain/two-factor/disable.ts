import { sentence, type TwoFactorChange } from '@vault/contract';
import { announceAccessChange } from '../accounts/end-sessions.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid, WrongSecret } from '../shared/errors.js';
import { clearSecondFactor } from './recovery-codes.js';
import { acceptTotpCode } from './totp.js';
import { assertPassword } from '../accounts/verify-password.js';

/** POST /api/account/2fa/disable: the password and a current code, so neither a stolen session nor a stolen phone suffices. */
export async function disableTwoFactor(ctx: DomainContext, actor: Actor, input: TwoFactorChange): Promise<void> {
  await assertPassword(ctx, actor, input.password);
  const { totp_secret } = await ctx.db.selectFrom('users').select('totp_secret').where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (totp_secret === null) throw new Invalid(sentence('twoFactorNotOn'));
  if (!(await acceptTotpCode(ctx, actor.id, totp_secret, input.code))) throw new WrongSecret(sentence('codeInvalid'));
  await ctx.db.transaction().execute(async (trx) => {
    await clearSecondFactor(trx, actor.id);
    await recordActivity(trx, { type: 'two_factor_disabled', userId: actor.id });
  });
  // Under REQUIRE_2FA_FOR_ADMINS an admin's sockets stop receiving what admins do.
  await announceAccessChange(ctx, actor.id);
}
