import { sentence, type TemporaryPassword, activityDetail } from '@vault/contract';
import { announceAccessChange, revokeSessions } from '../accounts/end-sessions.js';
import { recordActivity } from '../shared/activity.js';
import type { DomainContext } from '../shared/context.js';
import { temporaryPassword } from './temporary-password.js';
import { assertNotSelf, lockTarget, managerId, type Manager } from './user-guards.js';


/**
 * POST /api/admin/users/{id}/reset-password and `vault reset-password`: a
 * temporary password, returned this once and stored only hashed. Every
 * session of the user ends, and at their next sign-in they must choose a new
 * password before anything else. An admin changes their own password in
 * Settings instead.
 */
export async function resetPassword(ctx: DomainContext, by: Manager, userId: number): Promise<TemporaryPassword> {
  const password = temporaryPassword();
  const hash = await ctx.passwords.hash(password);
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, ctx, by, userId);
    assertNotSelf(by, target, sentence('cannotResetOwnPassword'));
    await trx.updateTable('users').set({ password_hash: hash, must_change_password: 1 }).where('id', '=', userId).execute();
    await revokeSessions(trx, userId);
    await recordActivity(trx, { type: 'password_reset', userId: managerId(by), detail: activityDetail('account', { name: target.username }) });
  });
  await announceAccessChange(ctx, userId);
  return { temporary_password: password };
}
