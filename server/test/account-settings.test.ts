import { expect, it, vi } from 'vitest';
import type { SessionInfo } from '@vault/contract';
import { uniqueName } from './helpers/client.js';
import { samples, uploadForm, uploadOne } from './helpers/files.js';
import { describeEachDb } from './helpers/server.js';
import { codeAt, passwordStep, userWithTwoFactor } from './helpers/two-factor.js';
import { openSocket } from './helpers/ws.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describeEachDb('account settings', (t) => {
  const client = () => t().client;

  async function signIn(username: string, password: string, userAgent: string): Promise<string> {
    const res = await client().post('/api/auth/login', { json: { username, password }, headers: { 'user-agent': userAgent } });
    expect(res.status, res.text).toBe(200);
    return res.body.token;
  }

  const sessionsOf = async (token: string) => (await client().get<{ sessions: SessionInfo[] }>('/api/account/sessions', { token })).body.sessions;

  it('shows the account and changes the e-mail, validated and unique in any case', async () => {
    const user = await client().register();
    const other = await client().register();
    const account = await client().get('/api/account', { token: user.token });
    expect(account.body).toEqual({ user: user.user, two_factor_enabled: false, recovery_codes_left: 0, must_change_password: false });
    const change = (email: unknown) => client().put('/api/account/email', { token: user.token, json: { email } });
    expect(await change('not-an-email')).toMatchObject({ status: 400, body: { error: 'Invalid email address' } });
    expect(await change(other.user.email.toUpperCase())).toMatchObject({ status: 409, body: { error: 'Email already registered' } });
    expect((await client().put('/api/account/email', { token: user.token, json: { email: 'a@b.co', username: 'x' } })).status).toBe(400);
    const fresh = `${uniqueName()}@example.org`;
    const ok = await change(fresh);
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual({ ...user.user, email: fresh });
    expect((await client().get('/api/auth/me', { token: user.token })).body.user.email).toBe(fresh);
    // The username stays as it was: nothing here changes it.
    expect((await client().put('/api/account/username', { token: user.token, json: { username: 'x' } })).status).toBe(404);
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const user = await client().register();
    const mine = await signIn(user.user.username, user.password, FIREFOX);
    const phone = await signIn(user.user.username, user.password, SAFARI_IPHONE);
    const change = (current_password: string, new_password: string) =>
      client().put('/api/account/password', { token: mine, json: { current_password, new_password } });
    expect(await change('wrong-pass', 'newpassword1')).toMatchObject({ status: 400, body: { error: 'Current password is wrong' } });
    expect(await change(user.password, '123')).toMatchObject({ status: 400, body: { error: 'Password must be at least 6 characters' } });
    expect(await change(user.password, user.password)).toMatchObject({ status: 400 });
    expect((await change(user.password, 'newpassword1')).status).toBe(204);
    expect((await client().get('/api/auth/me', { token: mine })).status).toBe(200);
    expect((await client().get('/api/auth/me', { token: phone })).status).toBe(401);
    expect((await client().get('/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await client().post('/api/auth/login', { json: { username: user.user.username, password: user.password } })).status).toBe(401);
    expect((await client().post('/api/auth/login', { json: { username: user.user.username, password: 'newpassword1' } })).status).toBe(200);
    const log = await t().server.ctx.db.selectFrom('activity').select(['type', 'detail']).where('user_id', '=', user.user.id).where('type', '=', 'password_changed').execute();
    expect(log).toEqual([{ type: 'password_changed', detail: '2 other sessions ended' }]);
  });

  /** Holds the next password check once it has passed, until released: what changes meanwhile, the sign-in must not miss. */
  const holdPasswordCheck = () => {
    const { passwords } = t().server.ctx;
    const verify = passwords.verify.bind(passwords);
    let checked!: () => void;
    let release!: () => void;
    const passed = new Promise<void>((resolve) => (checked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(passwords, 'verify').mockImplementation(async (hash, password) => {
      spy.mockRestore();
      const ok = await verify(hash, password);
      checked();
      await released;
      return ok;
    });
    return { passed, release };
  };

  it('opens no session for a sign-in whose password was changed after it was checked', async () => {
    const user = await client().register();
    const hold = holdPasswordCheck();
    const stale = client().post('/api/auth/login', { json: { username: user.user.username, password: user.password } });
    await hold.passed;
    expect((await client().put('/api/account/password', { token: user.token, json: { current_password: user.password, new_password: 'changed-meanwhile' } })).status).toBe(204);
    hold.release();
    expect(await stale).toMatchObject({ status: 401, body: { error: 'Invalid username or password' } });
    expect(await sessionsOf(user.token)).toHaveLength(1);
  });

  it('ends a two-factor sign-in whose password was changed after its password step', async () => {
    const user = await userWithTwoFactor(client());
    const challenge = await passwordStep(client(), user.user.username, user.password);
    expect((await client().put('/api/account/password', { token: user.token, json: { current_password: user.password, new_password: 'changed-meanwhile' } })).status).toBe(204);
    const completed = await client().post('/api/auth/login/2fa', { json: { challenge, code: await codeAt(user.secret) } });
    expect(completed).toMatchObject({ status: 401, body: { error: 'This sign-in has expired. Enter your password again.' } });
    expect(await sessionsOf(user.token)).toHaveLength(1);
  });

  it('lists open sessions with address, browser and this device, and ends one or all others', async () => {
    const user = await client().register();
    const laptop = await signIn(user.user.username, user.password, FIREFOX);
    const phone = await signIn(user.user.username, user.password, SAFARI_IPHONE);
    await signIn(user.user.username, user.password, 'TestRunner/1.0');
    const sessions = await sessionsOf(laptop);
    expect(sessions).toHaveLength(4);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    // Names only: the web puts them into a sentence in the reader's language.
    expect(current[0]).toMatchObject({ browser: 'Firefox', system: 'Linux', address: '127.0.0.1' });
    expect(sessions.map(({ browser, system }) => ({ browser, system }))).toEqual(
      expect.arrayContaining([
        { browser: 'Safari', system: 'iOS' },
        { browser: null, system: null },
      ]),
    );
    for (const s of sessions) expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));

    // Another user's session is not found, and a malformed id is refused.
    const stranger = await client().register();
    const strangerSession = (await sessionsOf(stranger.token))[0]!;
    expect((await client().delete(`/api/account/sessions/${strangerSession.id}`, { token: laptop })).status).toBe(404);
    expect((await client().get('/api/auth/me', { token: stranger.token })).status).toBe(200);
    expect((await client().delete('/api/account/sessions/not-a-uuid', { token: laptop })).status).toBe(400);

    const phoneSession = sessions.find((s) => s.system === 'iOS')!;
    expect((await client().delete(`/api/account/sessions/${phoneSession.id}`, { token: laptop })).status).toBe(204);
    expect((await client().get('/api/auth/me', { token: phone })).status).toBe(401);
    expect((await client().delete(`/api/account/sessions/${phoneSession.id}`, { token: laptop })).status).toBe(404);

    const ended = await client().post('/api/account/sessions/end-others', { token: laptop });
    expect(ended.body).toEqual({ ended: 2 });
    expect((await client().get('/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await client().get('/api/auth/me', { token: laptop })).status).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
    const log = await t().server.ctx.db.selectFrom('activity').select('detail').where('user_id', '=', user.user.id).where('type', '=', 'sessions_ended').execute();
    expect(log.map((r) => r.detail).sort()).toEqual(['1 session', '2 sessions']);
  });

  it('closes the websockets of an ended session at once', async () => {
    const user = await client().register();
    const laptop = await signIn(user.user.username, user.password, FIREFOX);
    const phone = await signIn(user.user.username, user.password, SAFARI_IPHONE);
    const phoneSocket = await openSocket(t().url, { token: phone });
    const laptopSocket = await openSocket(t().url, { token: laptop });
    await phoneSocket.next((m) => m.type === 'ready');
    await laptopSocket.next((m) => m.type === 'ready');
    expect((await client().post('/api/account/sessions/end-others', { token: laptop })).body.ended).toBe(2);
    expect(await phoneSocket.closed).toMatchObject({ reason: 'Session has ended' });
    // The laptop's socket stays: its session does.
    await uploadOne(client(), laptop, { name: 'still-here.png', content: samples.png() });
    await laptopSocket.next((m) => m.type === 'file_uploaded');
    laptopSocket.close();
  });

  it('reports quota, use, deduplication savings and the largest files', async () => {
    const user = await client().register();
    const big = samples.pdf('x'.repeat(5000));
    await uploadOne(client(), user.token, { name: 'big.pdf', content: big });
    await uploadOne(client(), user.token, { name: 'big-copy.pdf', content: big });
    await uploadOne(client(), user.token, { name: 'small.png', content: samples.png() });
    const storage = await client().get('/api/account/storage', { token: user.token });
    expect(storage.status).toBe(200);
    const png = samples.png().length;
    expect(storage.body).toMatchObject({
      used_bytes: big.length + png,
      logical_bytes: 2 * big.length + png,
      savings_bytes: big.length,
      total_files: 3,
    });
    expect(storage.body.quota_bytes).toBeGreaterThan(0);
    expect(storage.body.largest.map((f: { original_name: string }) => f.original_name)).toEqual(['big-copy.pdf', 'big.pdf', 'small.png']);
  });

  it('reports the same savings and file count as the storage statistics, with a duplicate, a version and a file in Trash', async () => {
    const user = await client().register();
    const doc = samples.text(`${'d'.repeat(299)}\n`);
    const edited = samples.text(`${'e'.repeat(199)}\n`);
    const old = samples.text(`${'o'.repeat(99)}\n`);
    await uploadOne(client(), user.token, { name: 'doc.txt', content: doc });
    await uploadOne(client(), user.token, { name: 'doc-copy.txt', content: doc });
    // notes.txt holds `edited`; `old` is kept as its version.
    await uploadOne(client(), user.token, { name: 'notes.txt', content: old });
    expect((await client().post('/api/files/upload?on_conflict=version', { token: user.token, body: uploadForm([{ name: 'notes.txt', content: edited }]) })).status).toBe(201);
    const trashed = await uploadOne(client(), user.token, { name: 'trashed.txt', content: edited });
    expect((await client().delete(`/api/files/${trashed}`, { token: user.token })).status).toBe(204);

    const account = (await client().get('/api/account/storage', { token: user.token })).body;
    const stats = (await client().get('/api/files/storage/stats', { token: user.token })).body;
    // Each content is charged once; the duplicate and the trashed copy cost nothing.
    expect(account).toMatchObject({ used_bytes: 600, logical_bytes: 1100, savings_bytes: 500, total_files: 4 });
    expect(stats).toMatchObject({ total_storage_bytes: 600, original_storage_bytes: 1100, savings_bytes: 500, file_count: 4, trash_file_count: 1 });
  });

  it('requires sign-in for every settings route', async () => {
    for (const [method, path] of [
      ['GET', '/api/account'],
      ['PUT', '/api/account/email'],
      ['PUT', '/api/account/password'],
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/end-others'],
      ['GET', '/api/account/storage'],
      ['POST', '/api/account/2fa/setup'],
      ['POST', '/api/account/2fa/enable'],
      ['POST', '/api/account/2fa/disable'],
      ['POST', '/api/account/2fa/recovery-codes'],
    ] as const) {
      expect((await client().request(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});
