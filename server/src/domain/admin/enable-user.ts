import { activityDetail } from '@vault/contract';
import type { AdminUserRow } from '@vault/contract';
import { recordActivity } from '../shared/activity.js';
import type { DomainContext } from '../shared/context.js';
import { adminUserRow, lockTarget, managerId, type Manager } from './user-guards.js';

/** POST /api/admin/users/{id}/enable and `vault enable-user`: the user may sign in again (their old sessions stay ended). */
export async function enableUser(ctx: DomainContext, by: Manager, userId: number): Promise<AdminUserRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, ctx, by, userId);
    if (target.disabled_at === null) return;
    await trx.updateTable('users').set({ disabled_at: null }).where('id', '=', userId).execute();
    await recordActivity(trx, { type: 'user_enabled', userId: managerId(by), detail: activityDetail('account', { name: target.username }) });
  });
  return adminUserRow(ctx, userId);
}
