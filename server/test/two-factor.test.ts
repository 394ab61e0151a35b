import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeEachDb } from './helpers/server.js';
import { codeAt, enableTwoFactor, passwordStep, userWithTwoFactor } from './helpers/two-factor.js';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

describeEachDb('two-factor sign-in', (t) => {
  const client = () => t().client;

  it('sets up with a QR code and a copyable secret, confirms with a code, and shows ten recovery codes once', async () => {
    const user = await client().register();
    const setup = await client().post('/api/account/2fa/setup', { token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauth_uri).toBe(`otpauth://totp/Vault:${user.user.username}?secret=${setup.body.secret}&issuer=Vault`);
    expect(setup.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    // Not on until a code confirms it: sign-in still takes the password alone.
    const plain = await client().post('/api/auth/login', { json: { username: user.user.username, password: user.password } });
    expect(plain.body.token).toBeDefined();
    // At rest the secret is sealed to the account, pending or confirmed: never the base32 in clear.
    const atRest = async () =>
      t().server.ctx.db.selectFrom('users').select(['totp_secret', 'totp_pending_secret']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect((await atRest()).totp_pending_secret).toMatch(/^v1\./);
    expect((await atRest()).totp_pending_secret).not.toContain(setup.body.secret);
    const wrong = await client().post('/api/account/2fa/enable', { token: user.token, json: { password: user.password, code: '000000' } });
    expect(wrong.status).toBe(400);
    const enabled = await client().post('/api/account/2fa/enable', { token: user.token, json: { password: user.password, code: await codeAt(setup.body.secret) } });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect((await atRest()).totp_secret).toMatch(/^v1\./);
    expect((await atRest()).totp_secret).not.toContain(setup.body.secret);
    expect(new Set(enabled.body.recovery_codes).size).toBe(10);
    for (const code of enabled.body.recovery_codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored hashed only.
    const stored = await t().server.ctx.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.user.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(enabled.body.recovery_codes.map((c: string) => c.replace('-', ''))).not.toContain(code_hash);
    const account = await client().get('/api/account', { token: user.token });
    expect(account.body).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10, must_change_password: false });
    expect((await client().post('/api/account/2fa/setup', { token: user.token })).status).toBe(409);
  });

  it('answers the password step with a challenge that is not a session, and completes with a code', async () => {
    const user = await userWithTwoFactor(client());
    const challenge = await passwordStep(client(), user.user.username, user.password);
    for (const path of ['/api/auth/me', '/api/files', '/api/account']) {
      expect((await client().get(path, { token: challenge })).status, path).toBe(401);
    }
    const done = await client().post('/api/auth/login/2fa', { json: { challenge, code: await codeAt(user.secret) } });
    expect(done.status, done.text).toBe(200);
    expect(done.body.user.id).toBe(user.user.id);
    expect((await client().get('/api/auth/me', { token: done.body.token })).status).toBe(200);
  });

  it('accepts one step either side of now, each code once, and no older step after a newer one', async () => {
    const user = await userWithTwoFactor(client());
    const signIn = async (code: string) =>
      client().post('/api/auth/login/2fa', { json: { challenge: await passwordStep(client(), user.user.username, user.password), code } });
    expect((await signIn(await codeAt(user.secret, 90))).status).toBe(401); // three steps ahead: outside the window
    expect((await signIn(user.spentCode)).status).toBe(401); // spent by the setup
    const now = await codeAt(user.secret);
    expect((await signIn(now)).status).toBe(200);
    const replay = await signIn(now);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: 'Invalid or already used code' });
    expect((await signIn(await codeAt(user.secret, 30))).status).toBe(200);
  });

  it('lets the same code through only once when sent twice at once', async () => {
    const user = await userWithTwoFactor(client());
    const code = await codeAt(user.secret);
    const challenges = await Promise.all([1, 2].map(() => passwordStep(client(), user.user.username, user.password)));
    const results = await Promise.all(challenges.map((challenge) => client().post('/api/auth/login/2fa', { json: { challenge, code } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses an expired, forged or reused challenge', async () => {
    const user = await userWithTwoFactor(client());
    const past = Math.floor(Date.now() / 1000) - 600;
    const expired = await new SignJWT({ pur: 'two-factor', cid: 'c1', mode: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('vault')
      .setSubject(String(user.user.id))
      .setIssuedAt(past)
      .setExpirationTime(past + 300)
      .sign(SECRET);
    const res = await client().post('/api/auth/login/2fa', { json: { challenge: expired, code: await codeAt(user.secret) } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'This sign-in has expired. Enter your password again.' });
    // A session token is not a challenge either.
    const session = await client().post('/api/auth/login/2fa', { json: { challenge: user.token, code: await codeAt(user.secret) } });
    expect(session.status).toBe(401);
    const challenge = await passwordStep(client(), user.user.username, user.password);
    expect((await client().post('/api/auth/login/2fa', { json: { challenge, code: await codeAt(user.secret) } })).status).toBe(200);
    const again = await client().post('/api/auth/login/2fa', { json: { challenge, code: await codeAt(user.secret, 30) } });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: 'This sign-in was already completed. Enter your password again.' });
  });

  it('limits wrong codes per challenge and per user', async () => {
    const user = await userWithTwoFactor(client());
    const wrong = async (challenge: string) => client().post('/api/auth/login/2fa', { json: { challenge, code: '000000' } });
    const first = await passwordStep(client(), user.user.username, user.password);
    for (let i = 0; i < 5; i++) expect((await wrong(first)).status).toBe(401);
    const refused = await wrong(first);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many wrong codes\. Enter your password again\./);
    // A right code on the exhausted challenge is refused too.
    expect((await client().post('/api/auth/login/2fa', { json: { challenge: first, code: await codeAt(user.secret) } })).status).toBe(429);
    const second = await passwordStep(client(), user.user.username, user.password);
    for (let i = 0; i < 5; i++) expect((await wrong(second)).status).toBe(401);
    // Ten wrong codes in the window: the user's next challenge is refused at once.
    const third = await passwordStep(client(), user.user.username, user.password);
    expect((await wrong(third)).status).toBe(429);
  });

  it('spends a recovery code once, records it, and counts what is left', async () => {
    const user = await userWithTwoFactor(client());
    const [code] = user.recoveryCodes;
    const use = async (recovery_code: string) =>
      client().post('/api/auth/login/2fa', { json: { challenge: await passwordStep(client(), user.user.username, user.password), recovery_code } });
    const ok = await use(code!.toUpperCase());
    expect(ok.status, ok.text).toBe(200);
    const spent = await use(code!);
    expect(spent.status).toBe(401);
    expect(spent.body).toMatchObject({ error: 'Invalid or already used recovery code' });
    expect((await client().get('/api/account', { token: ok.body.token })).body.recovery_codes_left).toBe(9);
    const log = await t().server.ctx.db.selectFrom('activity').select('type').where('user_id', '=', user.user.id).execute();
    expect(log.map((r) => r.type)).toEqual(expect.arrayContaining(['two_factor_enabled', 'recovery_code_used']));
  });

  it('regenerates recovery codes with the password; the old ones stop working', async () => {
    const user = await userWithTwoFactor(client());
    expect((await client().post('/api/account/2fa/recovery-codes', { token: user.token, json: { password: 'wrong-pass' } })).status).toBe(400);
    const fresh = await client().post('/api/account/2fa/recovery-codes', { token: user.token, json: { password: user.password } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const challenge = await passwordStep(client(), user.user.username, user.password);
    expect((await client().post('/api/auth/login/2fa', { json: { challenge, recovery_code: user.recoveryCodes[0] } })).status).toBe(401);
    expect((await client().post('/api/auth/login/2fa', { json: { challenge, recovery_code: fresh.body.recovery_codes[0] } })).status).toBe(200);
  });

  it('turns on only with the password, counting wrong ones', async () => {
    const user = await client().register();
    const setup = await client().post('/api/account/2fa/setup', { token: user.token });
    const on = async (password: string) => client().post('/api/account/2fa/enable', { token: user.token, json: { password, code: await codeAt(setup.body.secret) } });
    // A session alone, a thief's, cannot give the account a second factor of its own.
    expect(await on('wrong-pass')).toMatchObject({ status: 400, body: { error: 'Password is wrong' } });
    expect((await client().post('/api/account/2fa/enable', { token: user.token, json: { code: await codeAt(setup.body.secret) } })).status).toBe(400);
    expect((await client().get('/api/account', { token: user.token })).body.two_factor_enabled).toBe(false);
    const failures = t().server.config.authFailures.limit;
    for (let i = 1; i < failures; i++) expect((await on('wrong-pass')).status).toBe(400);
    expect((await on(user.password)).status).toBe(429);
  });

  it('ends every other session when it is turned on, and logs how many', async () => {
    const user = await client().register();
    const other = await client().post('/api/auth/login', { json: { username: user.user.username, password: user.password } });
    const setup = await client().post('/api/account/2fa/setup', { token: user.token });
    await enableTwoFactor(client(), user.token, user.password, setup.body.secret);
    expect((await client().get('/api/auth/me', { token: other.body.token })).status).toBe(401);
    expect((await client().get('/api/auth/me', { token: user.token })).status).toBe(200);
    const log = await t().server.ctx.db.selectFrom('activity').select(['type', 'detail']).where('user_id', '=', user.user.id).where('type', '=', 'two_factor_enabled').execute();
    expect(log).toEqual([{ type: 'two_factor_enabled', detail: '1 other session ended' }]);
  });

  it('turns off with the password and a current code only', async () => {
    const user = await userWithTwoFactor(client());
    const off = (password: string, code: string) => client().post('/api/account/2fa/disable', { token: user.token, json: { password, code } });
    expect(await off('wrong-pass', await codeAt(user.secret))).toMatchObject({ status: 400, body: { error: 'Password is wrong' } });
    expect(await off(user.password, '123456')).toMatchObject({ status: 400, body: { error: 'Invalid or already used code' } });
    expect((await off(user.password, await codeAt(user.secret))).status).toBe(204);
    const plain = await client().post('/api/auth/login', { json: { username: user.user.username, password: user.password } });
    expect(plain.body.token).toBeDefined();
    const log = await t().server.ctx.db.selectFrom('activity').select('type').where('user_id', '=', user.user.id).execute();
    expect(log.map((r) => r.type)).toContain('two_factor_disabled');
    expect(await t().server.ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.user.id).execute()).toEqual([]);
  });

  it('validates the second step', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Challenge is required'],
      [{ challenge: 'x' }, 'Send either code or recovery_code'],
      [{ challenge: 'x', code: '12345' }, 'Enter the 6-digit code'],
      [{ challenge: 'x', code: '123456', recovery_code: 'abcde-fghij' }, 'Send either code or recovery_code'],
      [{ challenge: 'x', recovery_code: 'nope' }, 'Invalid recovery code'],
      [{ challenge: 'x', code: '123456', extra: 1 }, expect.any(String) as unknown as string],
    ];
    for (const [json, error] of cases) {
      const res = await client().post('/api/auth/login/2fa', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error).toEqual(error);
    }
    expect((await client().post('/api/auth/login/2fa', { json: { challenge: 'not-a-jwt', code: '123456' } })).status).toBe(401);
  });
});
