import { activityDetail } from '@vault/contract';
import type { AdminUserRow } from '@vault/contract';
import { clearSecondFactor } from '../two-factor/recovery-codes.js';
import { announceAccessChange } from '../accounts/end-sessions.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { adminUserRow, lockTarget } from './user-guards.js';

/** POST /api/admin/users/{id}/reset-2fa: for a user who lost their authenticator and their recovery codes. */
export async function resetTwoFactor(ctx: DomainContext, admin: Actor, userId: number): Promise<AdminUserRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, ctx, admin, userId);
    await clearSecondFactor(trx, userId);
    await recordActivity(trx, { type: 'two_factor_reset', userId: admin.id, detail: activityDetail('account', { name: target.username }) });
  });
  // Under REQUIRE_2FA_FOR_ADMINS an admin's sockets stop receiving what admins do.
  await announceAccessChange(ctx, userId);
  return adminUserRow(ctx, userId);
}
