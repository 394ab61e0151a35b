import { sentence, type AdminUserRow, activityDetail } from '@vault/contract';
import { announceAccessChange, revokeSessions } from '../accounts/end-sessions.js';
import { recordActivity } from '../shared/activity.js';
import type { DomainContext } from '../shared/context.js';
import { adminUserRow, assertNotLastAdmin, assertNotSelf, lockTarget, managerId, type Manager } from './user-guards.js';

/**
 * POST /api/admin/users/{id}/disable and `vault disable-user`: the user can no longer sign in, every
 * session ends at once on every instance (sockets included), and their public
 * content answers as if gone until they are enabled again. Their content stays.
 */
export async function disableUser(ctx: DomainContext, by: Manager, userId: number): Promise<AdminUserRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, ctx, by, userId);
    assertNotSelf(by, target, sentence('cannotDisableSelf'));
    if (target.disabled_at !== null) return;
    await assertNotLastAdmin(trx, target, sentence('lastAdminDisabled'));
    await trx.updateTable('users').set({ disabled_at: Date.now() }).where('id', '=', userId).execute();
    await revokeSessions(trx, userId);
    await recordActivity(trx, { type: 'user_disabled', userId: managerId(by), detail: activityDetail('account', { name: target.username }) });
  });
  await announceAccessChange(ctx, userId);
  return adminUserRow(ctx, userId);
}
