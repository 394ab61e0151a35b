import type { AdminUserRow } from '@vault/contract';
import { announceAccessChange, revokeSessions } from '../accounts/end-sessions.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { adminUserRow, assertNotLastAdmin, assertNotSelf, lockTarget } from './user-guards.js';

/**
 * POST /api/admin/users/{id}/disable: the user can no longer sign in, every
 * session ends at once on every instance (sockets included), and their public
 * content answers as if gone until they are enabled again. Their content stays.
 */
export async function disableUser(ctx: DomainContext, admin: Actor, userId: number): Promise<AdminUserRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, ctx, admin, userId);
    assertNotSelf(admin, target, 'disable');
    if (target.disabled_at !== null) return;
    await assertNotLastAdmin(trx, target, 'disabled');
    await trx.updateTable('users').set({ disabled_at: Date.now() }).where('id', '=', userId).execute();
    await revokeSessions(trx, userId);
    await recordActivity(trx, { type: 'user_disabled', userId: admin.id, detail: target.username });
  });
  await announceAccessChange(ctx, userId);
  return adminUserRow(ctx, userId);
}
