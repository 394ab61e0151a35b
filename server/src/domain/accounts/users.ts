import type { AuthResponse, LoginResponse, RegisterRequest, User, UserStats } from '@vault/contract';
import { isUniqueViolation, isoTime, lowerEq, type Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Conflict, Forbidden, Unauthorized } from '../shared/errors.js';
import { recordActivity } from '../shared/activity.js';
import { issueChallenge } from '../two-factor/challenge.js';
import { openSession, type SignInClient } from './sessions.js';
import { VALIDATION_MESSAGES, sentence, activityDetail } from '@vault/contract';

const MB = 1024 * 1024;

export function toUserDto(row: Pick<UserRow, 'id' | 'username' | 'email' | 'is_admin' | 'created_at'>): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    is_admin: row.is_admin === 1,
    created_at: isoTime(row.created_at),
  };
}

export function actorDto(actor: Actor): User {
  return toUserDto({
    id: actor.id,
    username: actor.username,
    email: actor.email,
    is_admin: actor.adminAccount ? 1 : 0,
    created_at: actor.createdAt,
  });
}

async function assertAvailable(db: Db, username: string, email: string) {
  const taken = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([lowerEq('username', username), lowerEq('email', email)]))
    .execute();
  if (taken.some((u) => u.username.toLowerCase() === username.toLowerCase())) throw new Conflict(sentence('usernameTaken'));
  if (taken.length > 0) throw new Conflict(sentence('emailTaken'));
}

async function insertUser(ctx: DomainContext, input: RegisterRequest, isAdmin: boolean, mustChangePassword = false): Promise<UserRow> {
  await assertAvailable(ctx.db, input.username, input.email);
  const passwordHash = await ctx.passwords.hash(input.password);
  try {
    return await ctx.db
      .insertInto('users')
      .values({
        username: input.username,
        email: input.email,
        password_hash: passwordHash,
        is_admin: isAdmin ? 1 : 0,
        must_change_password: mustChangePassword ? 1 : 0,
        storage_quota_bytes: null,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    // Two registrations raced past assertAvailable: the index decides.
    if (isUniqueViolation(err)) await assertAvailable(ctx.db, input.username, input.email);
    throw err;
  }
}

export async function register(ctx: DomainContext, input: RegisterRequest, client: SignInClient) {
  const row = await insertUser(ctx, input, false);
  const session = await openSession(ctx, row, client);
  return { token: session.token, user: toUserDto(row) };
}

export interface LoginInput {
  username: string;
  password: string;
  mode?: 'user' | 'admin' | undefined;
}

const BAD_CREDENTIALS = VALIDATION_MESSAGES.signInFailed;

/** The answer to a right password: a session, or a two-factor challenge when the account has a second factor. */
export async function startSession(ctx: DomainContext, row: UserRow, client: SignInClient): Promise<AuthResponse> {
  const session = await openSession(ctx, row, client);
  await recordActivity(ctx.db, { type: 'login', userId: row.id });
  return { token: session.token, user: toUserDto(row), ...(row.must_change_password === 1 ? { must_change_password: true } : {}) };
}

/**
 * Same answer, and the same argon2 work, whether or not the user exists. A
 * disabled account is told so only after its right password.
 */
export async function login(ctx: DomainContext, input: LoginInput, client: SignInClient): Promise<LoginResponse> {
  const row = await ctx.db.selectFrom('users').selectAll().where(lowerEq('username', input.username)).executeTakeFirst();
  const ok = row ? await ctx.passwords.verify(row.password_hash, input.password) : (await ctx.passwords.verifyNothing(input.password), false);
  if (!row || !ok) {
    // What was typed is kept only when it names an account: a name that matches
    // nobody is often a password typed into the wrong box.
    await recordActivity(ctx.db, { type: 'login_failed', userId: row?.id ?? null, detail: row ? activityDetail('account', { name: input.username }) : null });
    throw new Unauthorized(BAD_CREDENTIALS);
  }
  if (row.disabled_at !== null) throw new Forbidden(sentence('accountDisabled'));
  assertModeAllowed(row, input.mode ?? 'user');
  const current = await rehashed(ctx, row, input.password);
  if (current.totp_secret !== null) return issueChallenge(ctx, current, input.mode ?? 'user');
  return startSession(ctx, current, client);
}

/**
 * The user's row with their password hashed again when its hash was made with
 * other settings than those in force: raising ARGON2_MEMORY_KIB strengthens
 * each account at its next sign-in, and known and unknown names answer alike
 * (the decoy of unknown names is hashed with the settings in force). The
 * write takes effect only while the hash is still the one checked.
 */
async function rehashed(ctx: DomainContext, row: UserRow, password: string): Promise<UserRow> {
  if (!ctx.passwords.needsRehash(row.password_hash)) return row;
  const hash = await ctx.passwords.hash(password);
  const updated = await ctx.db.updateTable('users').set({ password_hash: hash }).where('id', '=', row.id).where('password_hash', '=', row.password_hash).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? { ...row, password_hash: hash } : row;
}


/** Admin Login is for admins; checked at the password step and again when a second factor completes it. */
export function assertModeAllowed(row: Pick<UserRow, 'is_admin'>, mode: 'user' | 'admin'): void {
  if (mode === 'admin' && row.is_admin !== 1) {
    throw new Forbidden(sentence('notAnAdmin'));
  }
}

/**
 * An account made by an operator (vault create-admin) or an admin (who hands
 * on a temporary password: `mustChangePassword`): no session is opened; a
 * taken name or e-mail is a conflict.
 */
export async function createAccount(ctx: DomainContext, input: RegisterRequest, isAdmin: boolean, mustChangePassword = false) {
  return toUserDto(await insertUser(ctx, input, isAdmin, mustChangePassword));
}

/** Creates the account if its username is free; used for demo and bootstrap admin accounts. */
export async function ensureAccount(
  ctx: DomainContext,
  input: RegisterRequest & { isAdmin: boolean },
): Promise<'created' | 'exists'> {
  const existing = await ctx.db.selectFrom('users').select('id').where(lowerEq('username', input.username)).executeTakeFirst();
  if (existing) return 'exists';
  try {
    await insertUser(ctx, input, input.isAdmin);
    return 'created';
  } catch (err) {
    if (err instanceof Conflict) return 'exists';
    throw err;
  }
}

export function quotaBytesOf(ctx: DomainContext, row: Pick<UserRow, 'storage_quota_bytes'>): number {
  return row.storage_quota_bytes ?? ctx.settings.defaultQuotaBytes;
}

/** Quotas travel in MB (2 decimals) and are stored in bytes. */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / MB) * 100) / 100;
}

export function mbToBytes(mb: number): number {
  return mb * MB;
}

/** The caller's file count (files in Trash are deleted to them), usage (Trash included, as charged) and quota. */
export async function userStats(ctx: DomainContext, actor: Actor): Promise<UserStats> {
  const userId = actor.id;
  const user = await ctx.db.selectFrom('users').select(['storage_quota_bytes', 'used_bytes']).where('id', '=', userId).executeTakeFirstOrThrow();
  const { count } = await ctx.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('trashed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const quota = quotaBytesOf(ctx, user);
  return {
    total_files: Number(count),
    used_storage_bytes: Number(user.used_bytes),
    storage_quota_mb: bytesToMb(quota),
    storage_quota_bytes: quota,
  };
}
