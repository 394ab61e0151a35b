import { sentence, type RecoveryCodes } from '@vault/contract';
import { announceAccessChange } from '../accounts/end-sessions.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict, Invalid } from '../shared/errors.js';
import { replaceRecoveryCodes } from './recovery-codes.js';
import { acceptTotpCode } from './totp.js';

/**
 * POST /api/account/2fa/enable: a code from the pending secret proves the
 * authenticator has it; the secret becomes the account's, and ten recovery
 * codes are made and shown this once. The step of the confirming code counts
 * as used, so it cannot sign in afterwards.
 */
export async function enableTwoFactor(ctx: DomainContext, actor: Actor, code: string): Promise<RecoveryCodes> {
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
    await recordActivity(trx, { type: 'two_factor_enabled', userId: actor.id });
    return replaceRecoveryCodes(trx, actor.id);
  });
  // An admin held back by REQUIRE_2FA_FOR_ADMINS: their sockets now receive what admins do.
  await announceAccessChange(ctx, actor.id);
  return { recovery_codes: codes };
}
