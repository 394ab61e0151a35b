import type { AuthResponse } from '@vault/contract';
import type { Db } from '../../src/db/index.js';
import { expect } from 'vitest';
import type { Client } from './client.js';
import type { TestServer } from './server.js';

/**
 * Account states no API reaches in one step (the first admin, an expired
 * session, a quota in bytes), written straight to the database: tests set
 * them up through these, never through raw statements of their own.
 */

/** Makes an existing user an administrator, as the seeded admin account is. */
export async function grantAdmin(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ is_admin: 1 }).where('id', '=', userId).execute();
}

/** A newly registered user who is an administrator. */
export async function makeAdmin(t: TestServer): Promise<AuthResponse & { password: string }> {
  const admin = await t.client.register();
  await grantAdmin(t.server.ctx.db, admin.user.id);
  return admin;
}

/** A quota of exactly this many bytes (the admin API speaks in MB with two decimals). */
export async function setQuotaBytes(t: TestServer, userId: number, bytes: number): Promise<void> {
  await t.server.ctx.db.updateTable('users').set({ storage_quota_bytes: bytes }).where('id', '=', userId).execute();
}

/** Ends a session behind the server's back, as its expiry or another instance would: `sessionId` omitted, every session. */
export async function endSession(t: TestServer, how: 'expired' | 'revoked', sessionId?: string): Promise<void> {
  const change = how === 'expired' ? { expires_at: Date.now() - 1000 } : { revoked_at: Date.now() };
  let query = t.server.ctx.db.updateTable('sessions').set(change);
  if (sessionId !== undefined) query = query.where('id', '=', sessionId);
  await query.execute();
}

/** The token of the suite's seeded admin (its ADMIN_USERNAME and ADMIN_PASSWORD), signed in to the admin panel. */
export async function adminSignIn(client: Client, admin: { username: string; password: string }): Promise<string> {
  const res = await client.post('/api/auth/login', { json: { ...admin, mode: 'admin' } });
  expect(res.status, res.text).toBe(200);
  return res.body.token;
}
