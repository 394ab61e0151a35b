import { sql } from 'kysely';
import { activityDetail, sentence, type ActivityDetail, type AdminUserRow, type AdminUserUpdate } from '@vault/contract';
import { isoTime } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { recordActivity } from '../shared/activity.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Forbidden, Invalid, NotFound } from '../shared/errors.js';
import { bytesToMb, mbToBytes, quotaBytesOf } from '../accounts/users.js';
import { announceAccessChange } from '../accounts/end-sessions.js';

/** Every user's row (oldest account first), or one user's row. */
export async function adminUserRows(ctx: DomainContext, userId?: number): Promise<AdminUserRow[]> {
  let query = ctx.db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.created_at',
      'u.is_admin',
      'u.storage_quota_bytes',
      'u.disabled_at',
      'u.totp_secret',
      sql<number>`(select count(*) from files f where f.user_id = u.id)`.as('file_count'),
      sql<number>`(select coalesce(sum(f.download_count), 0) from files f where f.user_id = u.id)`.as('total_downloads'),
      'u.used_bytes as used_storage_bytes',
    ])
    .orderBy('u.id');
  if (userId !== undefined) query = query.where('u.id', '=', userId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    file_count: Number(r.file_count),
    used_storage_bytes: Number(r.used_storage_bytes),
    total_downloads: Number(r.total_downloads),
    created_at: isoTime(r.created_at),
    storage_quota_mb: bytesToMb(quotaBytesOf(ctx, r)),
    is_admin: r.is_admin === 1,
    disabled: r.disabled_at !== null,
    two_factor_enabled: r.totp_secret !== null,
  }));
}

/** Every user with their usage, oldest account first. */
export async function listUsers(ctx: DomainContext, _admin: Actor): Promise<AdminUserRow[]> {
  return adminUserRows(ctx);
}

type TargetRow = Pick<UserRow, 'id' | 'username' | 'is_admin' | 'storage_quota_bytes'>;

/** What actually changes, for the audit log; null when nothing does. */
function describeChange(ctx: DomainContext, target: TargetRow, change: AdminUserUpdate): ActivityDetail | null {
  const name = target.username;
  const before = quotaBytesOf(ctx, target);
  const after = change.storage_quota_mb === undefined ? before : mbToBytes(change.storage_quota_mb);
  const admin = change.is_admin === undefined || change.is_admin === (target.is_admin === 1) ? null : change.is_admin;
  if (after !== before) {
    if (admin === null) return activityDetail('quotaChanged', { name, before, after });
    return activityDetail(admin ? 'quotaChangedAdminGranted' : 'quotaChangedAdminRemoved', { name, before, after });
  }
  if (admin === null) return null;
  return activityDetail(admin ? 'adminGranted' : 'adminRemoved', { name });
}

/**
 * An admin changes a user's quota and admin flag. An admin never removes their
 * own flag, so at least one admin always remains; two admins demoting each
 * other at once are serialised by locking the admin rows (PostgreSQL; SQLite
 * runs one write transaction at a time). A role change is announced on the
 * event bus before the answer: no event published after it reaches the user's
 * websockets, on any instance, under the old role.
 */
export async function updateUser(ctx: DomainContext, admin: Actor, { userId, change }: { userId: number; change: AdminUserUpdate }): Promise<AdminUserRow> {
  if (change.storage_quota_mb === undefined && change.is_admin === undefined) {
    throw new Invalid('Nothing to update: send storage_quota_mb or is_admin');
  }
  if (userId === admin.id && change.is_admin === false) {
    throw new Invalid(sentence('cannotRemoveOwnAdmin'));
  }
  let roleChanged = false;
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres') {
      await sql`select id from users where is_admin = 1 or id = ${userId} order by id for update`.execute(trx);
    }
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'username', 'is_admin', 'storage_quota_bytes'])
      .where('id', 'in', [admin.id, userId])
      .execute();
    if (rows.find((r) => r.id === admin.id)?.is_admin !== 1) throw new Forbidden(sentence('adminRequired'));
    const target = rows.find((r) => r.id === userId);
    if (!target) throw new NotFound(sentence('userNotFound'));
    const detail = describeChange(ctx, target, change);
    if (detail === null) return;
    roleChanged = change.is_admin !== undefined && change.is_admin !== (target.is_admin === 1);
    await trx
      .updateTable('users')
      .set({
        ...(change.storage_quota_mb !== undefined ? { storage_quota_bytes: mbToBytes(change.storage_quota_mb) } : {}),
        ...(change.is_admin !== undefined ? { is_admin: change.is_admin ? 1 : 0 } : {}),
      })
      .where('id', '=', userId)
      .execute();
    await recordActivity(trx, { type: 'user_update', userId: admin.id, detail });
  });
  // A socket authenticated as an admin receives everyone's events: every instance must re-read the role now.
  if (roleChanged) await announceAccessChange(ctx, userId);
  const [row] = await adminUserRows(ctx, userId);
  if (!row) throw new NotFound(sentence('userNotFound'));
  return row;
}
