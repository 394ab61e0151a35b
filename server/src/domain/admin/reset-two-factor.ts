import { activityDetail, sentence } from '@vault/contract';
import type { AdminUserRow } from '@vault/contract';
import { clearSecondFactor } from '../two-factor/recovery-codes.js';
import { announceAccessChange } from '../accounts/end-sessions.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { adminUserRow, assertNotSelf, lockTarget } from './user-guards.js';

/**
 * POST /api/admin/users/{id}/reset-2fa: for a user who lost their authenticator and their recovery
 * codes. Never an admin's own: turning it off asks for the password and a code, so that a stolen
 * session alone does not remove the second factor.
 */
export async function resetTwoFactor(ctx: DomainContext, admin: Actor, userId: number): Promise<AdminUserRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, ctx, admin, userId);
    assertNotSelf(admin, target, sentence('cannotResetOwnTwoFactor'));
    await clearSecondFactor(trx, userId);
    await recordActivity(trx, { type: 'two_factor_reset', userId: admin.id, detail: activityDetail('account', { name: target.username }) });
  });
  // Under REQUIRE_2FA_FOR_ADMINS an admin's sockets stop receiving what admins do.
  await announceAccessChange(ctx, userId);
  return adminUserRow(ctx, userId);
}
