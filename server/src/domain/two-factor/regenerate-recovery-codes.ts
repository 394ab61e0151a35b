import { sentence, type RecoveryCodes } from '@vault/contract';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid } from '../shared/errors.js';
import { replaceRecoveryCodes } from './recovery-codes.js';
import { assertPassword } from '../accounts/verify-password.js';

/** POST /api/account/2fa/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: DomainContext, actor: Actor, password: string): Promise<RecoveryCodes> {
  await assertPassword(ctx, actor, password);
  if (!actor.twoFactor) throw new Invalid(sentence('twoFactorNotOn'));
  const codes = await ctx.db.transaction().execute(async (trx) => {
    await recordActivity(trx, { type: 'recovery_codes_regenerated', userId: actor.id });
    return replaceRecoveryCodes(trx, actor.id);
  });
  return { recovery_codes: codes };
}
