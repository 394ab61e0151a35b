import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WS_MAX_MESSAGE_BYTES, WS_POLICY_VIOLATION } from '@vault/contract';
import { samples, uploadOne } from './helpers/files.js';
import { describeEachDb, startTestServer, DATABASES, type TestServer } from './helpers/server.js';
import { connect, ofType, openSocket, type TestSocket } from './helpers/ws.js';
import { endSession } from './helpers/users.js';
import { codeAt, enableTwoFactor } from './helpers/two-factor.js';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');
const ADMIN = { username: 'ws_admin', password: 'admin-password' };

/** A session token for the same session as `token`, expiring at `expSeconds`, signed like the server's. */
function tokenExpiringAt(token: string, expSeconds: number): Promise<string> {
  const { sub, sid } = decodeJwt(token);
  return new SignJWT({ sid, pur: 'session' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('vault')
    .setSubject(String(sub))
    .setIssuedAt()
    .setExpirationTime(expSeconds)
    .sign(SECRET);
}

const secretName = () => `secret-plan-${randomBytes(6).toString('hex')}.txt`;

describeEachDb(
  'real-time link',
  (t) => {
    const open: TestSocket[] = [];
    const track = (s: TestSocket) => {
      open.push(s);
      return s;
    };
    const socketFor = async (token: string) => track(await connect(t().url, token));
    afterEach(() => {
      for (const s of open.splice(0)) s.close();
    });

    /** Everyone connected receives a public upload: once a socket has it, it has every earlier event meant for it. */
    async function publicMarker(...sockets: TestSocket[]): Promise<void> {
      const { token } = await t().client.register();
      const id = await uploadOne(t().client, token, { name: 'marker.txt', content: samples.text() }, { is_public: 'true' });
      await Promise.all(sockets.map((s) => s.next(ofType('file_uploaded', id))));
    }

    it('delivers an upload to its owner, with ids only', async () => {
      const owner = await t().client.register();
      const ws = await socketFor(owner.token);
      const name = secretName();
      const id = await uploadOne(t().client, owner.token, { name, content: samples.text() });
      const event = await ws.next(ofType('file_uploaded', id));
      expect(Object.keys(event).sort()).toEqual(['at', 'file_id', 'type']);
      expect(new Date(String(event.at)).getTime()).not.toBeNaN();
      expect(ws.frames.join('\n')).not.toContain(name);
    });

    it('tells another user nothing of a private upload, not even its name', async () => {
      const owner = await t().client.register();
      const other = await t().client.register();
      const ownerWs = await socketFor(owner.token);
      const otherWs = await socketFor(other.token);
      const name = secretName();
      const id = await uploadOne(t().client, owner.token, { name, content: samples.text() });
      await ownerWs.next(ofType('file_uploaded', id));

      await publicMarker(otherWs);
      expect(otherWs.events().filter((e) => e.file_id === id)).toEqual([]);
      expect([...ownerWs.frames, ...otherWs.frames].join('\n')).not.toContain(name);
      expect([...ownerWs.frames, ...otherWs.frames].join('\n')).not.toContain('secret-plan');
    });

    it('delivers a share to the named user, then that user’s downloads and the delete', async () => {
      const owner = await t().client.register();
      const friend = await t().client.register();
      const stranger = await t().client.register();
      const friendWs = await socketFor(friend.token);
      const strangerWs = await socketFor(stranger.token);
      const id = await uploadOne(t().client, owner.token, { name: secretName(), content: samples.text() });

      const share = await t().client.put(`/api/files/${id}/share`, {
        token: owner.token,
        json: { is_public: false, shared_users: [friend.user.username] },
      });
      expect(share.status).toBe(200);
      expect(await friendWs.next(ofType('file_updated', id))).toMatchObject({ type: 'file_updated', file_id: id });

      expect((await t().client.get(`/api/files/${id}/download`, { token: friend.token })).status).toBe(200);
      expect(await friendWs.next(ofType('file_downloaded', id))).toMatchObject({ file_id: id, download_count: 1 });

      expect((await t().client.delete(`/api/files/${id}`, { token: owner.token })).status).toBe(204);
      await friendWs.next(ofType('file_deleted', id));

      await publicMarker(strangerWs);
      expect(strangerWs.events().filter((e) => e.file_id === id)).toEqual([]);
    });

    it('delivers changes to public files to everyone connected', async () => {
      const owner = await t().client.register();
      const sockets = await Promise.all([owner, await t().client.register(), await t().client.register()].map((u) => socketFor(u.token)));
      const id = await uploadOne(t().client, owner.token, { name: 'poster.png', content: samples.png() }, { is_public: 'true' });
      await Promise.all(sockets.map((s) => s.next(ofType('file_uploaded', id))));
      const anonymousDownload = await t().client.get(`/api/files/public/${id}/download`);
      expect(anonymousDownload.status).toBe(200);
      await Promise.all(sockets.map((s) => s.next(ofType('file_downloaded', id))));
    });

    it('delivers a burst published in one turn to exactly the sockets it reaches, every event once and in order', async () => {
      const [owner, friend, stranger] = [await t().client.register(), await t().client.register(), await t().client.register()];
      const ownerWs = await Promise.all([socketFor(owner.token), socketFor(owner.token)]);
      const friendWs = await socketFor(friend.token);
      const strangerWs = await socketFor(stranger.token);
      const at = new Date().toISOString();
      const BURST = 40;
      // Published back to back, in one turn of the event loop on the in-process bus: the frames of a turn leave together.
      for (let i = 1; i <= BURST; i++) {
        const audience = i % 2 === 0 ? { userIds: [owner.user.id], public: false } : { userIds: [owner.user.id, friend.user.id], public: false };
        await t().server.ctx.events.publish({ event: { type: 'file_downloaded', file_id: -1, download_count: i, at }, audience });
      }
      const counts = (ws: TestSocket) => ws.events().filter((e) => e.file_id === -1).map((e) => e.download_count);
      const all = Array.from({ length: BURST }, (_, i) => i + 1);
      await Promise.all([...ownerWs, friendWs].map((ws) => ws.next((e) => e.file_id === -1 && e.download_count === BURST - 1)));
      await publicMarker(...ownerWs, friendWs, strangerWs);
      for (const ws of ownerWs) expect(counts(ws)).toEqual(all);
      expect(counts(friendWs)).toEqual(all.filter((i) => i % 2 === 1));
      expect(counts(strangerWs)).toEqual([]);
    });

    it('delivers every event to admins', async () => {
      const login = await t().client.post('/api/auth/login', { json: ADMIN });
      expect(login.status).toBe(200);
      const adminWs = await socketFor(login.body.token);
      const owner = await t().client.register();
      const id = await uploadOne(t().client, owner.token, { name: secretName(), content: samples.text() });
      await adminWs.next(ofType('file_uploaded', id));
      await t().client.put(`/api/files/${id}`, { token: owner.token, json: { original_name: 'renamed.txt' } });
      await adminWs.next(ofType('file_updated', id));
      await t().client.delete(`/api/files/${id}`, { token: owner.token });
      await adminWs.next(ofType('file_deleted', id));
    });

    it('stops sending a demoted admin other users’ private events at once, and keeps sending their own', async () => {
      const admin = (await t().client.post('/api/auth/login', { json: ADMIN })).body.token as string;
      const promoted = await t().client.register();
      const other = await t().client.register();
      const setAdmin = (isAdmin: boolean) => t().client.put(`/api/admin/users/${promoted.user.id}`, { token: admin, json: { is_admin: isAdmin } });
      expect((await setAdmin(true)).status).toBe(200);
      const ws = await socketFor(promoted.token);
      const seenAsAdmin = await uploadOne(t().client, other.token, { name: secretName(), content: samples.text() });
      await ws.next(ofType('file_uploaded', seenAsAdmin));

      expect((await setAdmin(false)).status).toBe(200);
      const hidden = await uploadOne(t().client, other.token, { name: secretName(), content: samples.text() });
      const own = await uploadOne(t().client, promoted.token, { name: secretName(), content: samples.text() });
      await ws.next(ofType('file_uploaded', own));
      expect(ws.events().filter((e) => e.file_id === hidden)).toEqual([]);

      // Promotion works the same way, without reconnecting.
      expect((await setAdmin(true)).status).toBe(200);
      const seenAgain = await uploadOne(t().client, other.token, { name: secretName(), content: samples.text() });
      await ws.next(ofType('file_uploaded', seenAgain));
    });

    it('refuses a socket on a temporary password, an admin’s too, and admits it with an admin’s events once the password is chosen', async () => {
      const admin = (await t().client.post('/api/auth/login', { json: ADMIN })).body.token as string;
      const promoted = await t().client.register();
      const other = await t().client.register();
      expect((await t().client.put(`/api/admin/users/${promoted.user.id}`, { token: admin, json: { is_admin: true } })).status).toBe(200);
      const temporary = (await t().client.post(`/api/admin/users/${promoted.user.id}/reset-password`, { token: admin })).body.temporary_password as string;
      const token = (await t().client.post('/api/auth/login', { json: { username: promoted.user.username, password: temporary } })).body.token as string;
      const refused = track(await openSocket(t().url, { token }));
      expect(await refused.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Choose a new password in Settings before continuing' });
      expect(refused.frames).toEqual([]);

      const changed = await t().client.put('/api/account/password', { token, json: { current_password: temporary, new_password: 'chosen-at-last' } });
      expect(changed.status).toBe(204);
      const ws = await socketFor(token);
      const seen = await uploadOne(t().client, other.token, { name: secretName(), content: samples.text() });
      await ws.next(ofType('file_uploaded', seen));
    });

    it('re-authenticates a user’s sockets on an access change: an ended session closes at once', async () => {
      const { user, password, token } = await t().client.register();
      const second = await t().client.post('/api/auth/login', { json: { username: user.username, password } });
      const ended = await socketFor(token);
      const open = await socketFor(second.body.token);
      // The session ended elsewhere (only the database knows); the access change says so without waiting for a heartbeat.
      const { sid } = decodeJwt(token);
      await endSession(t(), 'revoked', String(sid));
      await t().server.ctx.events.publishAccessChange({ userId: user.id });
      expect(await ended.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Session has ended' });
      await publicMarker(open);
      expect(open.socket.readyState).toBe(open.socket.OPEN);
    });

    it('routes any bus event by its audience alone, and sends only the contract fields', async () => {
      const [member, outsider] = [await t().client.register(), await t().client.register()];
      const memberWs = await socketFor(member.token);
      const outsiderWs = await socketFor(outsider.token);
      const event = { type: 'folder_created' as const, folder_id: 987654, at: new Date().toISOString() };
      // A careless publisher adding a name must not leak it.
      await t().server.ctx.events.publish({ event: { ...event, name: 'Board minutes' } as typeof event, audience: { userIds: [member.user.id], public: false } });
      expect(await memberWs.next(ofType('folder_created'))).toEqual(event);
      await publicMarker(outsiderWs);
      expect(outsiderWs.events().filter((e) => e.type === 'folder_created')).toEqual([]);
      expect(memberWs.frames.join('\n')).not.toContain('Board minutes');
    });

    it('authenticates with a first auth message', async () => {
      const { token } = await t().client.register();
      const ws = track(await openSocket(t().url));
      ws.socket.send(JSON.stringify({ type: 'auth', token }));
      await ws.next((m) => m.type === 'ready');
    });

    it('refuses anonymous, malformed, forged, expired and revoked tokens with 1008', async () => {
      const { token } = await t().client.register();
      const forged = await new SignJWT({ ...decodeJwt(token) })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-another-secret-another'));
      const expired = await tokenExpiringAt(token, Math.floor(Date.now() / 1000) - 10);
      const revoked = (await t().client.register()).token;
      expect((await t().client.post('/api/auth/logout', { token: revoked })).status).toBe(204);

      for (const bad of ['garbage', forged, expired, revoked]) {
        const viaQuery = track(await openSocket(t().url, { token: bad }));
        const viaMessage = track(await openSocket(t().url));
        viaMessage.socket.send(JSON.stringify({ type: 'auth', token: bad }));
        for (const s of [viaQuery, viaMessage]) {
          expect((await s.closed).code).toBe(WS_POLICY_VIOLATION);
          expect(s.frames).toEqual([]);
        }
      }
      for (const notAuth of ['hello', JSON.stringify({ type: 'subscribe', token }), JSON.stringify({ type: 'auth' })]) {
        const s = track(await openSocket(t().url));
        s.socket.send(notAuth);
        expect(await s.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Authentication required' });
      }
    });

    it('closes a socket that sends anything after authenticating, or an oversized frame', async () => {
      const { token } = await t().client.register();
      const chatty = await socketFor(token);
      chatty.socket.send(JSON.stringify({ type: 'auth', token }));
      expect(await chatty.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Unexpected message' });

      const huge = track(await openSocket(t().url));
      huge.socket.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(WS_MAX_MESSAGE_BYTES) }));
      expect((await huge.closed).code).toBe(1009);
    });

    it('closes the socket when its token expires', async () => {
      const { token } = await t().client.register();
      const shortLived = await tokenExpiringAt(token, Math.floor(Date.now() / 1000) + 2);
      const ws = await socketFor(shortLived);
      expect(await ws.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Token expired' });
    });

    it('closes the sockets of a session at logout, and only those', async () => {
      const { user, password, token } = await t().client.register();
      const second = await t().client.post('/api/auth/login', { json: { username: user.username, password } });
      const loggingOut = await socketFor(token);
      const otherSession = await socketFor(second.body.token);
      expect((await t().client.post('/api/auth/logout', { token })).status).toBe(204);
      expect(await loggingOut.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Session has ended' });
      await publicMarker(otherSession);
      expect(otherSession.socket.readyState).toBe(otherSession.socket.OPEN);
    });

    /** Holds the next socket's sign-in once it has read its session, until released: what changes meanwhile, it must not miss. */
    const holdSignInAfterSessionRead = () => {
      const db = t().server.ctx.db;
      const execute = db.executeQuery.bind(db);
      let read!: () => void;
      let release!: () => void;
      const sessionRead = new Promise<void>((resolve) => (read = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const spy = vi.spyOn(db, 'executeQuery').mockImplementation(async (query) => {
        const result = await execute(query);
        if ('sql' in query && query.sql.includes('from "sessions"')) {
          spy.mockRestore();
          read();
          await released;
        }
        return result;
      });
      return { sessionRead, release };
    };

    it('closes a socket whose session ends while it signs in', async () => {
      const { token } = await t().client.register();
      const hold = holdSignInAfterSessionRead();
      const ws = track(await openSocket(t().url, { token }));
      await hold.sessionRead;
      expect((await t().client.post('/api/auth/logout', { token })).status).toBe(204);
      hold.release();
      expect(await ws.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Session has ended' });
      expect(ws.frames).toEqual([]);
    });

    it('sends a socket nothing by the role its user lost while it signed in', async () => {
      const admin = (await t().client.post('/api/auth/login', { json: ADMIN })).body.token as string;
      const deputy = await t().client.register();
      await t().server.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', deputy.user.id).execute();
      const other = await t().client.register();
      const hold = holdSignInAfterSessionRead();
      const ws = track(await openSocket(t().url, { token: deputy.token }));
      await hold.sessionRead;
      expect((await t().client.put(`/api/admin/users/${deputy.user.id}`, { token: admin, json: { is_admin: false } })).status).toBe(200);
      hold.release();
      await ws.next((m) => m.type === 'ready');
      const hidden = await uploadOne(t().client, other.token, { name: secretName(), content: samples.text() });
      await ws.next(ofType('file_uploaded', await uploadOne(t().client, deputy.token, { name: secretName(), content: samples.text() })));
      expect(ws.events().filter((e) => e.file_id === hidden)).toEqual([]);
    });

    it('tells a user’s sockets, and only theirs, that their account changed, once they are judged by the change', async () => {
      const admin = (await t().client.post('/api/auth/login', { json: ADMIN })).body.token as string;
      const deputy = await t().client.register();
      const bystander = await t().client.register();
      const ws = await socketFor(deputy.token);
      const other = await socketFor(bystander.token);
      expect((await t().client.put(`/api/admin/users/${deputy.user.id}`, { token: admin, json: { is_admin: true } })).status).toBe(200);
      const changed = await ws.next(ofType('account_changed'));
      expect(Object.keys(changed).sort()).toEqual(['at', 'type']);
      // Judged first: the event after it reaches the socket as an admin's.
      await ws.next(ofType('file_uploaded', await uploadOne(t().client, bystander.token, { name: secretName(), content: samples.text() })));
      await publicMarker(other);
      expect(other.events().filter((e) => e.type === 'account_changed')).toEqual([]);
    });

    it('answers a plain request for /ws 426 with Upgrade: websocket, in the API error shape', async () => {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${t().url}/ws`, { method });
        expect(res.status, method).toBe(426);
        expect(res.headers.get('upgrade')).toBe('websocket');
        expect(res.headers.get('cache-control')).toBe('no-store');
        if (method === 'GET') expect(await res.json()).toEqual({ error: 'This address takes a websocket connection (Upgrade: websocket)' });
      }
    });

    it('caps each user at WS_MAX_SOCKETS_PER_USER sockets', async () => {
      const { token } = await t().client.register();
      const cap = t().server.config.wsMaxSocketsPerUser;
      expect(cap).toBe(5);
      const sockets = await Promise.all(Array.from({ length: cap }, () => socketFor(token)));
      const extra = track(await openSocket(t().url, { token }));
      expect(await extra.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Too many connections' });
      sockets[0]!.close();
      await sockets[0]!.closed;
      await socketFor(token);
    });
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, WS_MAX_SOCKETS_PER_USER: '5' },
);

describeEachDb(
  'real-time link under REQUIRE_2FA_FOR_ADMINS',
  (t) => {
    it('sends an admin without two-factor sign-in only what a user receives, and everything once it is on, like the admin routes', async () => {
      const token = (await t().client.post('/api/auth/login', { json: ADMIN })).body.token as string;
      const ws = await connect(t().url, token);
      const other = await t().client.register();
      /** An upload of another user's that the admin must not hear of, then their own that they must: delivered in order. */
      const unheard = async () => {
        const hidden = await uploadOne(t().client, other.token, { name: secretName(), content: samples.text() });
        await ws.next(ofType('file_uploaded', await uploadOne(t().client, token, { name: secretName(), content: samples.text() })));
        expect(ws.events().filter((e) => e.file_id === hidden)).toEqual([]);
      };
      try {
        await unheard();
        expect((await t().client.get('/api/admin/stats', { token })).status).toBe(403);

        // Turned on: the same socket now receives everyone's events, at once.
        const setup = await t().client.post('/api/account/2fa/setup', { token });
        await enableTwoFactor(t().client, token, ADMIN.password, setup.body.secret);
        const seen = await uploadOne(t().client, other.token, { name: secretName(), content: samples.text() });
        await ws.next(ofType('file_uploaded', seen));
        expect((await t().client.get('/api/admin/stats', { token })).status).toBe(200);

        // And off again: back to what a user receives.
        const off = await t().client.post('/api/account/2fa/disable', { token, json: { password: ADMIN.password, code: await codeAt(setup.body.secret) } });
        expect(off.status, off.text).toBe(204);
        await unheard();
      } finally {
        ws.close();
      }
    });
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, REQUIRE_2FA_FOR_ADMINS: 'true' },
);

describe('real-time link lifecycle', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('closes a socket that never authenticates after 5 s', async () => {
    server = await startTestServer(DATABASES[0]!);
    const silent = await openSocket(server.url);
    expect(await silent.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Authentication timed out' });
  });

  it('drops a socket that stops answering pings, and one whose session ended on another instance', async () => {
    server = await startTestServer(DATABASES[0]!, { WS_HEARTBEAT_SECONDS: '1' });
    const { token } = await server.client.register();
    const mute = await openSocket(server.url, { token, options: { autoPong: false } });
    await mute.next((m) => m.type === 'ready');
    const healthy = await connect(server.url, token);
    // Abnormal closure: the server terminated the connection without a close frame.
    expect((await mute.closed).code).toBe(1006);
    expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);

    // Another instance revoked the session: only the database knows.
    await endSession(server, 'revoked');
    expect(await healthy.closed).toEqual({ code: WS_POLICY_VIOLATION, reason: 'Session has ended' });
  });

  it('closes every socket, authenticated or not, when the server shuts down', async () => {
    server = await startTestServer(DATABASES[0]!);
    const { token } = await server.client.register();
    const admitted = await connect(server.url, token);
    const pending = await openSocket(server.url);
    await server.close();
    server = undefined;
    expect((await admitted.closed).code).toBe(1001);
    expect((await pending.closed).code).toBe(1001);
  });
});
