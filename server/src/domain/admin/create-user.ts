import { activityDetail } from '@vault/contract';
import type { AdminUserCreate, AdminUserCreated } from '@vault/contract';
import { createAccount } from '../accounts/users.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { temporaryPassword } from './temporary-password.js';
import { adminUserRows } from './users.js';

/**
 * POST /api/admin/users: an admin makes an account (even with registration
 * closed) and hands on its temporary password, returned this once and stored
 * only hashed; at the first sign-in the user must choose their own before
 * anything else. A taken name or e-mail is a conflict, as at registration.
 */
export async function createUser(ctx: DomainContext, admin: Actor, input: AdminUserCreate): Promise<AdminUserCreated> {
  const password = temporaryPassword();
  const user = await createAccount(ctx, { username: input.username, email: input.email, password }, input.is_admin ?? false, true);
  await recordActivity(ctx.db, { type: 'user_created', userId: admin.id, detail: activityDetail('account', { name: user.username }) });
  const [row] = await adminUserRows(ctx, user.id);
  return { user: row!, temporary_password: password };
}
