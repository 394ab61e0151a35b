import { sql } from 'kysely';
import { lowerEq, type Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Forbidden, Invalid, NotFound } from '../shared/errors.js';
import { adminUserRows } from './users.js';
import { sentence, type Sentence, type AdminUserRow } from '@vault/contract';

export type TargetUser = Pick<UserRow, 'id' | 'username' | 'is_admin' | 'disabled_at'>;

/**
 * The operator of the installation at its command line (`vault disable-user`
 * ...): they hold the server itself, so they manage users like an admin, but
 * are no account: the rules about one's own account do not apply, and the
 * audit log names nobody.
 */
export const COMMAND_LINE = Object.freeze({ commandLine: true as const });

/** Who manages a user: a signed-in admin, or the command line. */
export type Manager = Actor | typeof COMMAND_LINE;

/** The manager's account, for the audit log: none for the command line. */
export function managerId(by: Manager): number | null {
  return 'commandLine' in by ? null : by.id;
}

/**
 * Inside an action on a user: locks the admin rows and the target
 * (PostgreSQL; SQLite runs one write transaction at a time), so two admins
 * acting on each other at once are serialised, and so are the target's own
 * uploads and folder changes, which take the same row lock. Then it checks that the caller is
 * still an admin (the command line always is) and that the target exists.
 */
export async function lockTarget(trx: Db, ctx: DomainContext, by: Manager, userId: number): Promise<TargetUser> {
  if (ctx.dialect === 'postgres') {
    await sql`select id from users where is_admin = 1 or id = ${userId} order by id for update`.execute(trx);
  }
  const adminId = managerId(by);
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'username', 'is_admin', 'disabled_at'])
    .where('id', 'in', adminId === null ? [userId] : [adminId, userId])
    .execute();
  if (adminId !== null) {
    const me = rows.find((r) => r.id === adminId);
    if (me?.is_admin !== 1 || me.disabled_at !== null) throw new Forbidden(sentence('adminRequired'));
  }
  const target = rows.find((r) => r.id === userId);
  if (!target) throw new NotFound(sentence('userNotFound'));
  return target;
}

/** An admin never disables or deletes their own account: another admin must, so one always remains. */
export function assertNotSelf(by: Manager, target: TargetUser, refusal: Sentence): void {
  if (target.id === managerId(by)) throw new Invalid(refusal);
}

/** The user of this name (any case), for the command line, which names users rather than numbering them. */
export async function userByName(ctx: DomainContext, username: string): Promise<{ id: number; username: string }> {
  const row = await ctx.db.selectFrom('users').select(['id', 'username']).where(lowerEq('username', username)).executeTakeFirst();
  if (!row) throw new NotFound(`No user named ${username}`);
  return row;
}

/** The last enabled admin stays: Vault without one cannot be managed. Call under lockTarget. */
export async function assertNotLastAdmin(trx: Db, target: TargetUser, refusal: Sentence): Promise<void> {
  if (target.is_admin !== 1 || target.disabled_at !== null) return;
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .where('disabled_at', 'is', null)
    .where('id', '!=', target.id)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw new Invalid(refusal);
}

/** The user's row as the admin table shows it, after a change. */
export async function adminUserRow(ctx: DomainContext, userId: number): Promise<AdminUserRow> {
  const [row] = await adminUserRows(ctx, userId);
  if (!row) throw new NotFound(sentence('userNotFound'));
  return row;
}
