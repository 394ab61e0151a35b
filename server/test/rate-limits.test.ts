import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createClient, type Client } from './helpers/client.js';
import { samples, uploadOne } from './helpers/files.js';
import { withTestServer } from './helpers/server.js';
import { openSocket, wsUrl, type TestSocket } from './helpers/ws.js';

/** The test client stands in for the proxy: it names each client's address in X-Forwarded-For. */
const BEHIND_PROXY = { TRUST_PROXY: 'true' };

type Outcome = 'ready' | `http ${number}` | `closed ${number}`;

/**
 * One /ws connection as a client makes it: the token in the query, or in a
 * first message once open (as the web app does). Settles with the upgrade's
 * refusal, the close code, or 'ready', and leaves nothing open.
 */
function connectOnce(baseUrl: string, how: { query?: string; message?: string; headers?: Record<string, string> }): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl(baseUrl, how.query), { headers: how.headers ?? {} });
    socket.on('unexpected-response', (request, response) => {
      resolve(`http ${response.statusCode ?? 0}`);
      request.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('open', () => {
      if (how.message !== undefined) socket.send(JSON.stringify({ type: 'auth', token: how.message }));
    });
    socket.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { type?: string }).type !== 'ready') return;
      resolve('ready');
      socket.close();
    });
    socket.on('close', (code) => resolve(`closed ${code}`));
  });
}

async function repeat(times: number, once: () => Promise<Outcome>): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < times; i++) {
    const outcome = await once();
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

const publicListing = (client: Client) => client.get('/api/files/public');

describe('request budgets', () => {
  it('keeps an address usable while one of its clients reconnects its websocket in a tight loop', async () => {
    const env = { RATE_LIMIT_MAX: '20', RATE_LIMIT_PUBLIC_MAX: '20', RATE_LIMIT_SIGN_IN_MAX: '10', RATE_LIMIT_WS_MAX: '5' };
    await withTestServer(env, async (srv) => {
      const alice = await srv.client.register();
      const bob = await srv.client.register();
      // Everything comes from 127.0.0.1: one office behind one address.
      expect(await repeat(40, () => connectOnce(srv.url, { query: alice.token }))).toEqual({ ready: 5, 'http 429': 35 });
      expect(await repeat(40, () => connectOnce(srv.url, { message: alice.token }))).toEqual({ 'closed 1013': 40 });

      expect((await publicListing(srv.client)).status).toBe(200);
      expect((await srv.client.post('/api/auth/login', { json: { username: bob.user.username, password: bob.password } })).status).toBe(200);
      expect(await connectOnce(srv.url, { query: bob.token })).toBe('ready');
      expect(await connectOnce(srv.url, { message: bob.token })).toBe('ready');
      // The loop spent alice's websocket budget, not her API budget.
      expect((await srv.client.get('/api/auth/me', { token: alice.token })).status).toBe(200);
    });
  });

  it('refuses a session over its websocket budget before any database work, and leaves its API budget whole', async () => {
    await withTestServer({ RATE_LIMIT_WS_MAX: '2', RATE_LIMIT_MAX: '3' }, async (srv) => {
      const alice = await srv.client.register();
      expect(await connectOnce(srv.url, { query: alice.token })).toBe('ready');
      expect(await connectOnce(srv.url, { message: alice.token })).toBe('ready');

      const { ctx } = srv.server;
      const db = ctx.db;
      let touched = 0;
      ctx.db = new Proxy(db, {
        get(target, property, receiver) {
          touched += 1;
          return Reflect.get(target, property, receiver);
        },
      });
      try {
        expect(await connectOnce(srv.url, { query: alice.token })).toBe('http 429');
        expect(await connectOnce(srv.url, { message: alice.token })).toBe('closed 1013');
      } finally {
        ctx.db = db;
      }
      expect(touched).toBe(0);

      const me = await Promise.all([1, 2, 3, 4].map(() => srv.client.get('/api/auth/me', { token: alice.token })));
      expect(me.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
    });
  });

  it('counts requests that carry a token (header or signed link) against their session, never the address', async () => {
    await withTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_PUBLIC_MAX: '2' }, async (srv) => {
      const alice = await srv.client.register();
      const bob = await srv.client.register();
      const id = await uploadOne(srv.client, alice.token, { name: 'report.txt', content: samples.text() });
      const link = await srv.client.post(`/api/files/${id}/download-link`, { token: alice.token });

      expect((await publicListing(srv.client)).status).toBe(200);
      expect((await publicListing(srv.client)).status).toBe(200);
      expect((await publicListing(srv.client)).status).toBe(429);

      // The address's anonymous budget is spent; alice's link and bob still work.
      expect((await srv.client.get(link.body.url)).status).toBe(200);
      expect((await srv.client.get('/api/auth/me', { token: bob.token })).status).toBe(200);
      // Upload, link and download were alice's three requests.
      const limited = await srv.client.get('/api/auth/me', { token: alice.token });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      expect((await srv.client.get(link.body.url)).status).toBe(429);
    });
  });

  it('leaves the owner their budget while a signed-out session is flooded with its token', async () => {
    await withTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WS_MAX: '2' }, async (srv) => {
      const owner = await srv.client.register();
      const stolen = (await srv.client.post('/api/auth/login', { json: { username: owner.user.username, password: owner.password } })).body.token as string;
      const ended = await srv.client.get('/api/account/sessions', { token: owner.token });
      const thiefSession = ended.body.sessions.find((s: { current: boolean }) => !s.current).id as string;
      expect((await srv.client.delete(`/api/account/sessions/${thiefSession}`, { token: owner.token })).status).toBe(204);
      // The dead token still has a valid signature: the thief keeps sending it.
      const flood = await Promise.all([1, 2, 3, 4, 5].map(() => srv.client.get('/api/health', { token: stolen })));
      expect(flood.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
      expect(await repeat(3, () => connectOnce(srv.url, { query: stolen }))).toEqual({ 'closed 1008': 2, 'http 429': 1 });
      // Two of the owner's three requests are left (one listed the sessions, one ended the thief's).
      expect((await srv.client.get('/api/auth/me', { token: owner.token })).status).toBe(200);
      expect(await connectOnce(srv.url, { query: owner.token })).toBe('ready');
    });
  });

  it('gives sign-in and registration a budget per address of their own', async () => {
    await withTestServer({ ...BEHIND_PROXY, RATE_LIMIT_SIGN_IN_MAX: '3' }, async (srv) => {
      const alice = await srv.client.register();
      const signIn = (client: Client) => client.post('/api/auth/login', { json: { username: alice.user.username, password: alice.password } });
      expect((await signIn(srv.client)).status).toBe(200);
      expect((await signIn(srv.client)).status).toBe(200);
      const limited = await signIn(srv.client);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

      expect((await publicListing(srv.client)).status).toBe(200);
      expect((await srv.client.get('/api/auth/me', { token: alice.token })).status).toBe(200);
      expect((await signIn(createClient(srv.url, { 'x-forwarded-for': '192.0.2.8' }))).status).toBe(200);
    });
  });

  it('counts the addresses of one IPv6 /64 as one client, for budgets and failed sign-ins alike', async () => {
    await withTestServer({ ...BEHIND_PROXY, RATE_LIMIT_PUBLIC_MAX: '3', AUTH_FAILURE_LIMIT: '2' }, async (srv) => {
      // A fresh address of the same network for every request, as a client holding a /64 can take.
      let host = 0;
      const fromNetwork = (network: string) => createClient(srv.url, { 'x-forwarded-for': `${network}:${(++host).toString(16)}:0:0:1` });
      const statuses = async (n: number, request: () => Promise<{ status: number }>) => {
        const seen: number[] = [];
        for (let i = 0; i < n; i++) seen.push((await request()).status);
        return seen;
      };
      expect(await statuses(4, () => publicListing(fromNetwork('2001:db8:1:1')))).toEqual([200, 200, 200, 429]);
      expect((await publicListing(fromNetwork('2001:db8:1:2'))).status).toBe(200);

      const alice = await srv.client.register();
      const guess = (client: Client) => client.post('/api/auth/login', { json: { username: alice.user.username, password: 'a-wrong-guess' } });
      expect(await statuses(3, () => guess(fromNetwork('2001:db8:2:1')))).toEqual([401, 401, 429]);
      expect((await guess(fromNetwork('2001:db8:2:2'))).status).toBe(401);
    });
  });

  it('counts anonymous requests, forged tokens included, per address apart from sign-in', async () => {
    await withTestServer({ RATE_LIMIT_PUBLIC_MAX: '3' }, async (srv) => {
      const alice = await srv.client.register();
      expect((await publicListing(srv.client)).status).toBe(200);
      expect((await srv.client.get('/api/auth/me', { token: `${alice.token.slice(0, -4)}AAAA` })).status).toBe(401);
      expect((await publicListing(srv.client)).status).toBe(200);
      expect((await publicListing(srv.client)).status).toBe(429);

      expect((await srv.client.post('/api/auth/login', { json: { username: alice.user.username, password: alice.password } })).status).toBe(200);
      expect((await publicListing(srv.client)).status).toBe(429);
      expect((await srv.client.get('/api/files/public', { token: alice.token })).status).toBe(200);
    });
  });
});

describe('sockets waiting to authenticate', () => {
  it('caps them per address at WS_MAX_PENDING_PER_ADDRESS; authenticating frees a place', async () => {
    await withTestServer({ ...BEHIND_PROXY, WS_MAX_PENDING_PER_ADDRESS: '3' }, async (srv) => {
      const { token } = await srv.client.register();
      const from = (address: string) => ({ options: { headers: { 'x-forwarded-for': address } } });
      const open: TestSocket[] = [];
      try {
        for (let i = 0; i < 3; i++) open.push(await openSocket(srv.url, from('203.0.113.5')));
        const fourth = await openSocket(srv.url, from('203.0.113.5'));
        expect(await fourth.closed).toEqual({ code: 1013, reason: 'Too many connections waiting to authenticate' });

        expect(await connectOnce(srv.url, { message: token, headers: { 'x-forwarded-for': '203.0.113.6' } })).toBe('ready');

        open[0]!.socket.send(JSON.stringify({ type: 'auth', token }));
        await open[0]!.next((m) => m.type === 'ready');
        expect(await connectOnce(srv.url, { message: token, headers: { 'x-forwarded-for': '203.0.113.5' } })).toBe('ready');
      } finally {
        for (const socket of open) socket.close();
      }
    });
  });
});
