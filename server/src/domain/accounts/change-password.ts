import type { PasswordChange } from '@vault/contract';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Invalid } from '../shared/errors.js';
import { announceAccessChange, endSessionsButThis } from './end-sessions.js';
import { assertPassword } from './verify-password.js';
import { VALIDATION_MESSAGES, sentence } from '@vault/contract';

/**
 * PUT /api/account/password: the current password proves it is the owner;
 * every other session ends (a thief's included) and this one stays. It also
 * satisfies an admin's demand for a new password after a reset.
 */
export async function changePassword(ctx: DomainContext, actor: Actor, change: PasswordChange): Promise<void> {
  await assertPassword(ctx, actor, change.current_password, VALIDATION_MESSAGES.currentPasswordWrong);
  if (change.new_password === change.current_password) throw new Invalid(sentence('samePassword'));
  const hash = await ctx.passwords.hash(change.new_password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', actor.id).execute();
    await recordActivity(trx, { type: 'password_changed', userId: actor.id, detail: await endSessionsButThis(trx, actor) });
  });
  await announceAccessChange(ctx, actor.id);
}
