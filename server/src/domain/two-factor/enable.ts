import { sentence, type RecoveryCodes, type TwoFactorChange } from '@vault/contract';
import { announceAccessChange, endSessionsButThis } from '../accounts/end-sessions.js';
import { assertPassword } from '../accounts/verify-password.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict, Invalid } from '../shared/errors.js';
import { replaceRecoveryCodes } from './recovery-codes.js';
import { acceptTotpCode } from './totp.js';

/**
 * POST /api/account/2fa/enable: the password proves it is the owner (a stolen
 * session would otherwise lock them out with a second factor of its own, or
 * open an admin's rights held back for want of one); a code from the pending
 * secret proves the authenticator has it. The secret becomes the account's,
 * every other session ends, and ten recovery codes are made and shown this
 * once. The step of the confirming code counts as used, so it cannot sign in
 * afterwards.
 */
export async function enableTwoFactor(ctx: DomainContext, actor: Actor, { password, code }: TwoFactorChange): Promise<RecoveryCodes> {
  await assertPassword(ctx, actor, password);
  const row = await ctx.db.selectFrom('users').select(['totp_secret', 'totp_pending_secret']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (row.totp_secret !== null) throw new Conflict(sentence('twoFactorAlreadyOn'));
  const pending = row.totp_pending_secret;
  if (pending === null) throw new Invalid(sentence('twoFactorStartSetup'));
  // A fresh secret has no step of its own yet: the last one belongs to a previous secret.
  await ctx.db.updateTable('users').set({ totp_last_step: null }).where('id', '=', actor.id).where('totp_secret', 'is', null).execute();
  if (!(await acceptTotpCode(ctx, actor.id, pending, code))) throw new Invalid(sentence('twoFactorCodeWrong'));
  const codes = await ctx.db.transaction().execute(async (trx) => {
    const turnedOn = await trx
      .updateTable('users')
      .set({ totp_secret: pending, totp_pending_secret: null })
      .where('id', '=', actor.id)
      .where('totp_pending_secret', '=', pending)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    if (Number(turnedOn.numUpdatedRows) !== 1) throw new Conflict(sentence('twoFactorSetupChanged'));
    await recordActivity(trx, { type: 'two_factor_enabled', userId: actor.id, detail: await endSessionsButThis(trx, actor) });
    return replaceRecoveryCodes(trx, actor.id);
  });
  // Other sessions' sockets close; an admin held back by REQUIRE_2FA_FOR_ADMINS now receives what admins do.
  await announceAccessChange(ctx, actor.id);
  return { recovery_codes: codes };
}
