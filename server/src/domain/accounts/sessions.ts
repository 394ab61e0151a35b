import { VALIDATION_MESSAGES, sentence } from '@vault/contract';
import { createHash, randomUUID } from 'node:crypto';
import { compiledOnce } from '../../db/compiled.js';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { Unauthorized } from '../shared/errors.js';
import { actsAsAdmin, type AdminGateFacts } from './admin-rights.js';

/** Where a sign-in came from, kept with its session so the user can recognise it. */
export interface SignInClient {
  address: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 512;
/** last_seen_at is written at most this often per session, so requests do not each pay for a write. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * A short digest of a password's hash: a two-factor challenge carries it, so
 * that a password changed since the password step ends the sign-in. It tells
 * nothing of the password (the hash's salt stays on the server).
 */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

/**
 * Opens a session for a user whose password `passwordHash` was just checked,
 * while it is still their password and the account is enabled: the row is
 * read and held (on PostgreSQL FOR SHARE, which a password change or a
 * disable waits for, and which waits for them) in the transaction that
 * inserts the session. A sign-in that checked the old password as it was
 * being changed either ends before the change, whose revoking of every
 * session then reaches it, or finds the new hash and opens nothing.
 */
export async function openSession(ctx: DomainContext, user: Pick<UserRow, 'id' | 'password_hash'>, client: SignInClient) {
  const id = randomUUID();
  const issued = await ctx.tokens.issueSession(user.id, id, ctx.settings.tokenTtlSeconds);
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const query = trx.selectFrom('users').select('id').where('id', '=', user.id).where('password_hash', '=', user.password_hash).where('disabled_at', 'is', null);
    const current = await (ctx.dialect === 'postgres' ? query.forShare() : query).executeTakeFirst();
    if (!current) throw new Unauthorized(VALIDATION_MESSAGES.signInFailed);
    await trx
      .insertInto('sessions')
      .values({
        id,
        user_id: user.id,
        created_at: now,
        expires_at: issued.expiresAt,
        revoked_at: null,
        last_seen_at: now,
        address: client.address,
        user_agent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      })
      .execute();
  });
  return issued;
}

/** A session's row and its user's, when the session is still open; on every authenticated request, so compiled once. */
const openSessionRow = compiledOnce((db: Db, v: { sessionId: string; userId: number; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.is_admin',
      'users.created_at',
      'users.totp_secret',
      'users.must_change_password',
      'sessions.last_seen_at',
    ])
    .where('sessions.id', '=', v.sessionId)
    .where('sessions.user_id', '=', v.userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', v.now)
    .where('users.disabled_at', 'is', null),
);

/** Per database, this process's recent writes of last_seen_at, oldest first: when each was made, and the write. */
const touches = new WeakMap<Db, Map<string, { at: number; written: Promise<void> }>>();

/**
 * Writes a session's last_seen_at, once per LAST_SEEN_RESOLUTION_MS in this
 * process however many requests find it stale. Requests of one session that
 * arrive together (a client's sockets reconnecting at once) all read the row
 * before the first write commits: each wrote it in turn, waiting for the
 * row's lock and the commit's flush of the one before, and on PostgreSQL held
 * a pooled connection meanwhile (500 sockets: other requests waited 230 ms).
 * They share the first write instead.
 */
function touchSession(db: Db, sessionId: string, now: number): Promise<void> {
  let recent = touches.get(db);
  if (!recent) touches.set(db, (recent = new Map()));
  for (const [id, touch] of recent) {
    if (touch.at >= now - LAST_SEEN_RESOLUTION_MS) break;
    recent.delete(id);
  }
  const known = recent.get(sessionId);
  if (known) return known.written;
  const touch = { at: now, written: Promise.resolve() };
  touch.written = db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .execute()
    .then(
      () => undefined,
      (err: unknown) => {
        // A failed write is tried again by the next request.
        if (recent.get(sessionId) === touch) recent.delete(sessionId);
        throw err;
      },
    );
  recent.set(sessionId, touch);
  return touch.written;
}

/** What the admin gate asks of an account, from its user row. */
function gateFactsOf(user: Pick<UserRow, 'is_admin' | 'totp_secret' | 'must_change_password'>): AdminGateFacts {
  return { adminAccount: user.is_admin === 1, twoFactor: user.totp_secret !== null, mustChangePassword: user.must_change_password === 1 };
}

/**
 * The user of a session that is still open: not revoked, not expired, its user
 * still there and not disabled, with an admin's rights only as the admin gate
 * allows. Every credential (session token, download and zip link) ends with it.
 */
async function openSessionActor(ctx: DomainContext, userId: number, sessionId: string, tokenExpiresAt: number): Promise<Actor> {
  const now = Date.now();
  const [row] = await openSessionRow(ctx.db, { sessionId, userId, now });
  if (!row) throw new Unauthorized(sentence('sessionEnded'));
  if (row.last_seen_at === null || row.last_seen_at < now - LAST_SEEN_RESOLUTION_MS) await touchSession(ctx.db, sessionId, now);
  const account = gateFactsOf(row);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: actsAsAdmin(account, ctx.settings),
    createdAt: row.created_at,
    sessionId,
    tokenExpiresAt,
    ...account,
  };
}

/**
 * Resolves a bearer token to its user. The token must verify AND its session
 * must still be open, so logout takes effect at once on every instance.
 */
export async function authenticate(ctx: DomainContext, token: string): Promise<Actor> {
  const claims = await ctx.tokens.verifySession(token);
  return openSessionActor(ctx, claims.userId, claims.sessionId, claims.expiresAt);
}

/**
 * Resolves a signed download link for `fileId` to its user, while the session
 * that made it is open; a preview's link only for a file served in place.
 */
export async function authenticateDownload(ctx: DomainContext, token: string, { fileId, inline }: { fileId: number; inline: boolean }): Promise<Actor> {
  const claims = await ctx.tokens.verifyDownload(token);
  if (claims.fileId !== fileId || (claims.inlineOnly && !inline)) throw new Unauthorized('Invalid download link');
  return openSessionActor(ctx, claims.userId, claims.sessionId, claims.expiresAt);
}

/** Resolves a signed zip link to its user and selection, while the session that made it is open. */
export async function authenticateZip(ctx: DomainContext, token: string): Promise<{ actor: Actor; fileIds: number[]; folderIds: number[] }> {
  const claims = await ctx.tokens.verifyZip(token);
  return { actor: await openSessionActor(ctx, claims.userId, claims.sessionId, 0), fileIds: claims.fileIds, folderIds: claims.folderIds };
}

/** A fresh token for the same session; the old one stays valid until it expires or the session ends. */
export async function refreshSession(ctx: DomainContext, actor: Actor) {
  const issued = await ctx.tokens.issueSession(actor.id, actor.sessionId, ctx.settings.tokenTtlSeconds);
  await ctx.db.updateTable('sessions').set({ expires_at: issued.expiresAt }).where('id', '=', actor.sessionId).execute();
  return issued;
}

/** Chunks keep each query under every driver's bound-parameter limit. */
const SESSION_CHECK_CHUNK = 500;

/** What an open session's user may receive now: whether the admin gate lets them act as an admin. */
export type SessionAccess = Pick<Actor, 'isAdmin'> & { userId: number };

/**
 * The sessions among these that may still authenticate (not revoked, not past
 * expiry), with their user's current role and sign-in state. Lets long-lived
 * connections notice a logout or a change of access made anywhere.
 */
export async function openSessions(ctx: DomainContext, ids: readonly string[], now = Date.now()): Promise<Map<string, SessionAccess>> {
  const open = new Map<string, SessionAccess>();
  for (let i = 0; i < ids.length; i += SESSION_CHECK_CHUNK) {
    const rows = await ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'users.is_admin', 'users.totp_secret', 'users.must_change_password'])
      .where('sessions.id', 'in', ids.slice(i, i + SESSION_CHECK_CHUNK))
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('users.disabled_at', 'is', null)
      .execute();
    for (const row of rows) {
      open.set(row.id, { userId: row.user_id, isAdmin: actsAsAdmin(gateFactsOf(row), ctx.settings) });
    }
  }
  return open;
}

export async function revokeSession(ctx: DomainContext, actor: Actor): Promise<void> {
  await ctx.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('id', '=', actor.sessionId).execute();
}

/** Sessions past their last token's expiry can never authenticate again. */
export async function pruneSessions(ctx: DomainContext, now = Date.now()): Promise<number> {
  const res = await ctx.db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
