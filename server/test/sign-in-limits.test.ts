import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient, uniqueName, type Client } from './helpers/client.js';
import { DATABASES, startTestServer, withTestServer, type TestServer } from './helpers/server.js';
import { codeAt, userWithTwoFactor } from './helpers/two-factor.js';

const REDIS = process.env.TEST_REDIS_URL;

/** Counters in process always; in Redis too when TEST_REDIS_URL is set, under a fresh prefix for each server. */
const COUNTER_STORES: [string, () => Record<string, string>][] = [
  ['memory', () => ({})],
  ...(REDIS ? [['redis', () => ({ REDIS_URL: REDIS, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:` })] as [string, () => Record<string, string>]] : []),
];

/** The test client stands in for the proxy: it names each client's address in X-Forwarded-For. */
const BEHIND_PROXY = { TRUST_PROXY: 'true' };
const ADMIN = { username: 'root_admin', password: 'longpassword' };
const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** A client whose requests reach Vault through a proxy that appends `address` to X-Forwarded-For. */
function behindProxy(srv: TestServer, address: string, forged?: string): Client {
  return createClient(srv.url, { 'x-forwarded-for': forged ? `${forged}, ${address}` : address });
}

const login = (client: Client, username: string, password: string, mode?: 'admin') =>
  client.post('/api/auth/login', { json: { username, password, ...(mode ? { mode } : {}) } });

const statuses = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});

describe.each(COUNTER_STORES)('attempts counted before they run [%s]', (_store, storeEnv) => {
  it('checks at most AUTH_FAILURE_LIMIT of many simultaneous wrong passwords, and refuses the rest', async () => {
    // Password checks at their production cost, so that the guesses overlap.
    await withTestServer({ ...storeEnv(), AUTH_FAILURE_LIMIT: '5', ARGON2_MEMORY_KIB: '19456' }, async (srv) => {
      const { user } = await srv.client.register();
      const results = await Promise.all(Array.from({ length: 100 }, () => login(srv.client, user.username, 'wrong-password')));
      expect(statuses(results)).toEqual({ 401: 5, 429: 95 });
    });
  });

  it('creates at most REGISTRATION_LIMIT_PER_HOUR accounts from simultaneous registrations of one address', async () => {
    await withTestServer({ ...storeEnv(), REGISTRATION_LIMIT_PER_HOUR: '3' }, async (srv) => {
      const results = await Promise.all(
        Array.from({ length: 12 }, () => {
          const name = uniqueName();
          return srv.client.post('/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret1' } });
        }),
      );
      expect(statuses(results)).toEqual({ 201: 3, 429: 9 });
    });
  });
});

describe('sign-in throttling never locks an account', () => {
  it('lets the owner sign in from their own address, only slowed down, while attackers elsewhere are refused', async () => {
    const env = { ...BEHIND_PROXY, AUTH_FAILURE_LIMIT: '3', AUTH_SLOWDOWN_MAX_SECONDS: '1', ...ADMIN_ENV };
    await withTestServer(env, async (srv) => {
      const attackers = ['203.0.113.1', '203.0.113.2'].map((ip) => behindProxy(srv, ip));
      await Promise.all(
        attackers.map(async (attacker) => {
          for (let i = 0; i < 3; i++) expect((await login(attacker, ADMIN.username, `guess-${i}`)).status).toBe(401);
          const refused = await login(attacker, ADMIN.username, 'guess-3');
          expect(refused.status).toBe(429);
          expect(refused.body.error).toMatch(/^Too many failed attempts\. Try again in 15 minutes\.$/);
        }),
      );

      const started = Date.now();
      const owner = await login(behindProxy(srv, '198.51.100.7'), ADMIN.username, ADMIN.password, 'admin');
      expect(owner.status).toBe(200);
      expect(owner.body.user.is_admin).toBe(true);
      // Six recent failures from elsewhere: the name answers after AUTH_SLOWDOWN_MAX_SECONDS.
      expect(Date.now() - started).toBeGreaterThanOrEqual(990);

      // The attackers stay refused, even with the right password.
      expect((await login(attackers[0]!, ADMIN.username, ADMIN.password, 'admin')).status).toBe(429);
    });
  });

  it('refuses an address after AUTH_ADDRESS_FAILURE_LIMIT failures, whatever the usernames', async () => {
    await withTestServer({ ...BEHIND_PROXY, AUTH_ADDRESS_FAILURE_LIMIT: '4' }, async (srv) => {
      const { user, password } = await srv.client.register();
      const sprayer = behindProxy(srv, '203.0.113.9');
      for (let i = 0; i < 4; i++) expect((await login(sprayer, uniqueName(), 'password1')).status).toBe(401);
      expect((await login(sprayer, user.username, password)).status).toBe(429);
      expect((await login(behindProxy(srv, '203.0.113.10'), user.username, password)).status).toBe(200);
    });
  });

  it('forgets the failures of an address for a username once it signs in there', async () => {
    await withTestServer({ AUTH_FAILURE_LIMIT: '3' }, async (srv) => {
      const { user, password } = await srv.client.register();
      for (let i = 0; i < 2; i++) expect((await login(srv.client, user.username, 'wrong-password')).status).toBe(401);
      expect((await login(srv.client, user.username, password)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login(srv.client, user.username, 'wrong-password')).status).toBe(401);
      expect((await login(srv.client, user.username, password)).status).toBe(429);
    });
  });
});

describe('registration limit', () => {
  it('creates at most REGISTRATION_LIMIT_PER_HOUR accounts per address per hour; a taken name does not use one up', async () => {
    await withTestServer({ ...BEHIND_PROXY, REGISTRATION_LIMIT_PER_HOUR: '2' }, async (srv) => {
      const office = behindProxy(srv, '192.0.2.50');
      const first = await office.register();
      const taken = await office.post('/api/auth/register', { json: { username: first.user.username, email: 'x@example.com', password: 'secret1' } });
      expect(taken.status).toBe(409);
      await office.register();
      const name = uniqueName();
      const third = await office.post('/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret1' } });
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ error: 'Too many accounts created from this address. Try again in 60 minutes.' });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3500);
      await behindProxy(srv, '192.0.2.51').register();
    });
  });
});

describe('client address behind a proxy (TRUST_PROXY)', () => {
  /** Three failures from the address the proxy saw, each with another address written by the client in front of it. */
  async function forgedFailures(srv: TestServer, real: string): Promise<number[]> {
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push((await login(behindProxy(srv, real, `10.9.8.${i}`), uniqueName(), 'password1')).status);
    }
    return seen;
  }

  it.each([['1'], ['127.0.0.1'], ['loopback, 10.0.0.0/8']])(
    'takes the address the trusted proxy appended, never one the client wrote (TRUST_PROXY=%s)',
    async (trust) => {
      await withTestServer({ TRUST_PROXY: trust, AUTH_ADDRESS_FAILURE_LIMIT: '2' }, async (srv) => {
        expect(await forgedFailures(srv, '203.0.113.77')).toEqual([401, 401, 429]);
        expect((await login(behindProxy(srv, '203.0.113.78'), uniqueName(), 'password1')).status).toBe(401);
      });
    },
  );

  it('ignores X-Forwarded-For altogether without TRUST_PROXY', async () => {
    await withTestServer({ AUTH_ADDRESS_FAILURE_LIMIT: '2' }, async (srv) => {
      expect((await login(behindProxy(srv, '203.0.113.1'), uniqueName(), 'password1')).status).toBe(401);
      expect((await login(behindProxy(srv, '203.0.113.2'), uniqueName(), 'password1')).status).toBe(401);
      expect((await login(behindProxy(srv, '203.0.113.3'), uniqueName(), 'password1')).status).toBe(429);
    });
  });
});

describe.each(DATABASES.flatMap((db) => COUNTER_STORES.map(([store, env]) => [db, store, env] as const)))(
  'password checks of a signed-in user [%s, %s]',
  (db, _store, storeEnv) => {
    it('refuses with 429 after AUTH_FAILURE_LIMIT wrong current passwords, per user, over every route and session that checks it', async () => {
      const srv = await startTestServer(db, { ...storeEnv(), AUTH_FAILURE_LIMIT: '3' });
      try {
        const owner = await srv.client.register();
        const other = (await login(srv.client, owner.user.username, owner.password)).body.token as string;
        const changePassword = (token: string, current: string) =>
          srv.client.put('/api/account/password', { token, json: { current_password: current, new_password: 'brand-new-password' } });

        // Counted before they run: of simultaneous guesses, only AUTH_FAILURE_LIMIT are checked.
        const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => changePassword(owner.token, `guess-${i}`)));
        expect(statuses(guesses)).toEqual({ 400: 3, 429: 5 });
        expect(guesses.find((r) => r.status === 400)!.body.error).toBe('Current password is wrong');
        const refused = guesses.find((r) => r.status === 429)!;
        expect(refused.body.error).toMatch(/^Too many failed attempts\. Try again in \d+ minutes?\.$/);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        // The user's count, whatever the session or the route; even the right password waits.
        expect((await changePassword(other, owner.password)).status).toBe(429);
        expect((await srv.client.post('/api/account/2fa/recovery-codes', { token: other, json: { password: 'guess' } })).status).toBe(429);
        expect((await login(srv.client, owner.user.username, owner.password)).status).toBe(200);

        // Nobody else's.
        const bystander = await srv.client.register();
        expect((await changePassword(bystander.token, 'wrong')).status).toBe(400);
        // A right password clears the count.
        expect((await changePassword(bystander.token, bystander.password)).status).toBe(204);
        const again = [];
        for (let i = 0; i < 4; i++) again.push((await changePassword(bystander.token, `wrong-${i}`)).status);
        expect(again).toEqual([400, 400, 400, 429]);
      } finally {
        await srv.close();
      }
    });

    it('refuses with 429 after AUTH_FAILURE_LIMIT e-mail changes to taken addresses: each tells that someone holds the address', async () => {
      const srv = await startTestServer(db, { ...storeEnv(), AUTH_FAILURE_LIMIT: '3' });
      try {
        const prober = await srv.client.register();
        const changeEmail = (email: string) => srv.client.put('/api/account/email', { token: prober.token, json: { email } });
        const holders = [];
        for (let i = 0; i < 4; i++) holders.push(await srv.client.register());
        const probes = [];
        for (const [i, holder] of holders.entries()) {
          probes.push((await changeEmail(holder.user.email)).status);
          // A change that succeeds in between does not clear the probes' count.
          if (i === 0) expect((await changeEmail(`own-${Date.now()}@example.com`)).status).toBe(200);
        }
        expect(probes).toEqual([409, 409, 409, 429]);
        expect((await changeEmail(`later-${Date.now()}@example.com`)).status).toBe(429);
        // Nobody else's count.
        const bystander = await srv.client.register();
        expect((await srv.client.put('/api/account/email', { token: bystander.token, json: { email: holders[0]!.user.email } })).status).toBe(409);
      } finally {
        await srv.close();
      }
    });

    it('counts wrong codes when turning two-factor sign-in off: a stolen session and password cannot guess the code', async () => {
      const srv = await startTestServer(db, { ...storeEnv(), AUTH_FAILURE_LIMIT: '3' });
      try {
        const owner = await userWithTwoFactor(srv.client);
        const disable = (code: string) => srv.client.post('/api/account/2fa/disable', { token: owner.token, json: { password: owner.password, code } });
        const tries = [];
        for (const code of ['000000', '111111', '222222', '333333']) tries.push((await disable(code)).status);
        expect(tries).toEqual([400, 400, 400, 429]);
        expect((await disable(await codeAt(owner.secret))).status).toBe(429);
        expect((await srv.client.get('/api/account', { token: owner.token })).body.two_factor_enabled).toBe(true);
      } finally {
        await srv.close();
      }
    });
  },
);
