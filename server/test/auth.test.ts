import { SignJWT, decodeJwt } from 'jose';
import { UpdateQueryBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDb, startTestServer, DATABASES } from './helpers/server.js';
import { uniqueName } from './helpers/client.js';
import { createPasswordHasher } from '../src/domain/accounts/passwords.js';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

describeEachDb('accounts and sessions', (t) => {
  it('answers health', async () => {
    const res = await t().client.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('registers a user and returns a token and the user without secrets', async () => {
    const name = uniqueName();
    const res = await t().client.post('/api/auth/register', {
      json: { username: name, email: `${name}@example.com`, password: 'secret1' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.user).sort()).toEqual(['created_at', 'email', 'id', 'is_admin', 'username']);
    expect(res.body.user).toMatchObject({ username: name, is_admin: false });
    expect(res.text).not.toContain('argon2');
    const me = await t().client.get('/api/auth/me', { token: res.body.token });
    expect(me.body.user.username).toBe(name);
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'Username is required'],
    [{ username: '', email: 'a@b.co', password: 'secret1' }, 'Username is required'],
    [{ username: 'ab', email: 'a@b.co', password: 'secret1' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(51), email: 'a@b.co', password: 'secret1' }, 'Username must be less than 50 characters'],
    [{ username: 'abc', password: 'secret1' }, 'Email is required'],
    [{ username: 'abc', email: 'not-an-email', password: 'secret1' }, 'Invalid email address'],
    [{ username: 'abc', email: 'a@b.co' }, 'Password is required'],
    [{ username: 'abc', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'a b<c>', email: 'a@b.co', password: 'secret1' }, 'Username may only contain letters, numbers, dots, dashes and underscores'],
  ])('refuses invalid registration %j', async (body, message) => {
    const res = await t().client.post('/api/auth/register', { json: body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('refuses a non-object body and bad JSON with 400', async () => {
    expect((await t().client.post('/api/auth/register', { json: [1, 2] })).body).toEqual({ error: 'Request body must be a JSON object' });
    const bad = await t().client.post('/api/auth/login', { body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('refuses taken usernames (any case) and e-mails with 409', async () => {
    const { user } = await t().client.register();
    const again = await t().client.post('/api/auth/register', {
      json: { username: user.username.toUpperCase(), email: 'other@example.com', password: 'secret1' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'Username already taken' });
    const sameEmail = await t().client.post('/api/auth/register', {
      json: { username: uniqueName(), email: user.email.toUpperCase(), password: 'secret1' },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ error: 'Email already registered' });
  });

  it('lets exactly one of many concurrent registrations of a name through', async () => {
    const name = uniqueName();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t().client.post('/api/auth/register', { json: { username: name, email: `${name}${i}@example.com`, password: 'secret1' } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it('signs in with the right password only, with one message for every failure', async () => {
    const { user, password } = await t().client.register();
    const ok = await t().client.post('/api/auth/login', { json: { username: user.username, password } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(user.id);
    const wrong = await t().client.post('/api/auth/login', { json: { username: user.username, password: 'nope-nope' } });
    const unknown = await t().client.post('/api/auth/login', { json: { username: uniqueName(), password: 'nope-nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid username or password' });
    }
    const missing = await t().client.post('/api/auth/login', { json: { username: user.username } });
    expect(missing.body).toEqual({ error: 'Password is required' });
  });

  it('hashes a password made with other settings again at its next sign-in, with the settings in force', async () => {
    const { user, password } = await t().client.register();
    const { db } = t().server.ctx;
    const storedHash = async () => (await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
    const inForce = `m=${t().server.config.argon2MemoryKib},`;
    expect(await storedHash()).toContain(inForce);
    // As if ARGON2_MEMORY_KIB was raised since the account was made.
    await db.updateTable('users').set({ password_hash: await createPasswordHasher(512).hash(password) }).where('id', '=', user.id).execute();
    expect(await storedHash()).toContain('m=512,');
    expect((await t().client.post('/api/auth/login', { json: { username: user.username, password: 'not-the-password' } })).status).toBe(401);
    expect(await storedHash()).toContain('m=512,');
    const signedIn = await t().client.post('/api/auth/login', { json: { username: user.username, password } });
    expect(signedIn.status).toBe(200);
    expect(await storedHash()).toContain(inForce);
    expect((await t().client.get('/api/auth/me', { token: signedIn.body.token })).status).toBe(200);
    expect((await t().client.post('/api/auth/login', { json: { username: user.username, password } })).status).toBe(200);
  });

  it('refuses Admin Login for a non-admin account without issuing a token', async () => {
    const { user, password } = await t().client.register();
    const res = await t().client.post('/api/auth/login', { json: { username: user.username, password, mode: 'admin' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/administrator/);
    expect(res.body.token).toBeUndefined();
  });

  it('answers 401 {error} for missing, malformed, forged, alg-none and expired tokens', async () => {
    const { token } = await t().client.register();
    const claims = decodeJwt(token);
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const algNone = `${header}.${token.split('.')[1]}.`;
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }).setProtectedHeader({ alg: 'HS256' }).sign(SECRET);
    const hs512 = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS512' }).sign(SECRET);
    for (const bad of [undefined, 'garbage', forged, algNone, expired, hs512]) {
      const res = await t().client.get('/api/auth/me', { token: bad });
      expect(res.status, String(bad)).toBe(401);
      expect(res.body).toHaveProperty('error');
    }
  });

  it('refuses a download-link token in place of a session token', async () => {
    const { token, user } = await t().client.register();
    const claims = decodeJwt(token);
    const wrongPurpose = await new SignJWT({ ...claims, pur: 'download', fid: 1 }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(user.id)).sign(SECRET);
    expect((await t().client.get('/api/auth/me', { token: wrongPurpose })).status).toBe(401);
  });

  it('revokes the session at logout, and refresh keeps the session alive', async () => {
    const { token } = await t().client.register();
    const refreshed = await t().client.post('/api/auth/refresh', { token });
    expect(refreshed.status).toBe(200);
    expect((await t().client.get('/api/auth/me', { token: refreshed.body.token })).status).toBe(200);
    expect((await t().client.post('/api/auth/logout', { token: refreshed.body.token })).status).toBe(204);
    expect((await t().client.get('/api/auth/me', { token })).status).toBe(401);
    expect((await t().client.get('/api/auth/me', { token: refreshed.body.token })).status).toBe(401);
  });

  it('writes a stale session’s last use once, however many of its requests arrive together', async () => {
    const { token } = await t().client.register();
    const { sid } = decodeJwt(token) as { sid: string };
    const { db } = t().server.ctx;
    // Not used for an hour: the next request writes its last use.
    await db.updateTable('sessions').set({ last_seen_at: Date.now() - 3_600_000 }).where('id', '=', sid).execute();
    const written: string[] = [];
    const execute = UpdateQueryBuilder.prototype.execute;
    UpdateQueryBuilder.prototype.execute = function (this: UpdateQueryBuilder<never, never, never, never>) {
      const { sql, parameters } = this.compile();
      if (sql.startsWith('update "sessions"') && parameters.includes(sid)) written.push(sql);
      return execute.call(this);
    } as typeof execute;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t().client.get('/api/auth/me', { token })));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    } finally {
      UpdateQueryBuilder.prototype.execute = execute;
    }
    expect(written).toHaveLength(1);
    const row = await db.selectFrom('sessions').select('last_seen_at').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('reports the user stats with the default quota', async () => {
    const { token } = await t().client.register();
    const res = await t().client.get('/api/auth/stats', { token });
    expect(res.body).toEqual({ total_files: 0, used_storage_bytes: 0, storage_quota_mb: 1024, storage_quota_bytes: 1024 * 1024 * 1024 });
  });

  it('answers unknown API paths with 404 JSON and sets security headers', async () => {
    const res = await t().client.get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Not found' });
    const health = await t().client.get('/api/health');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after too many failures per username and per address', async () => {
    const srv = await startTestServer(DATABASES[0]!, { AUTH_FAILURE_LIMIT: '3', AUTH_ADDRESS_FAILURE_LIMIT: '3' });
    try {
      const { user, password } = await srv.client.register();
      for (let i = 0; i < 3; i++) {
        expect((await srv.client.post('/api/auth/login', { json: { username: user.username, password: 'wrong-pass' } })).status).toBe(401);
      }
      const blocked = await srv.client.post('/api/auth/login', { json: { username: user.username, password } });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatch(/Too many failed attempts/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // The address is blocked too: another username from the same IP is refused.
      const other = await srv.client.post('/api/auth/login', { json: { username: uniqueName(), password: 'whatever1' } });
      expect(other.status).toBe(429);
    } finally {
      await srv.close();
    }
  });

  it('limits API requests per user with 429 and Retry-After', async () => {
    const srv = await startTestServer(DATABASES[0]!, { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '60' });
    try {
      const { token } = await srv.client.register();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await srv.client.get('/api/auth/me', { token })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      // The window opened with the first of these requests, well under a second ago: all of it is left, rounded up.
      const limited = await srv.client.get('/api/auth/me', { token });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ error: 'Too many requests. Try again in 60 seconds.' });
      expect(limited.headers.get('retry-after')).toBe('60');
    } finally {
      await srv.close();
    }
  });
});

describe('demo and bootstrap accounts', () => {
  it('seeds demo/demo123 and admin/admin123 and tells the web', async () => {
    const srv = await startTestServer(DATABASES[0]!, { DEMO_ACCOUNTS: 'true' });
    try {
      const config = await srv.client.get('/api/config');
      expect(config.body.demo).toEqual({ user: { username: 'demo', password: 'demo123' }, admin: { username: 'admin', password: 'admin123' } });
      const demo = await srv.client.post('/api/auth/login', { json: { username: 'demo', password: 'demo123' } });
      expect(demo.body.user.is_admin).toBe(false);
      const admin = await srv.client.post('/api/auth/login', { json: { username: 'admin', password: 'admin123', mode: 'admin' } });
      expect(admin.status).toBe(200);
      expect(admin.body.user.is_admin).toBe(true);
    } finally {
      await srv.close();
    }
  });

  it('has no demo accounts when they are off, and creates the configured admin', async () => {
    const srv = await startTestServer(DATABASES[0]!, { DEMO_ACCOUNTS: 'false', ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'longpassword' });
    try {
      expect((await srv.client.get('/api/config')).body.demo).toBeNull();
      expect((await srv.client.post('/api/auth/login', { json: { username: 'demo', password: 'demo123' } })).status).toBe(401);
      const admin = await srv.client.post('/api/auth/login', { json: { username: 'root_admin', password: 'longpassword', mode: 'admin' } });
      expect(admin.body.user.is_admin).toBe(true);
    } finally {
      await srv.close();
    }
  });
});
