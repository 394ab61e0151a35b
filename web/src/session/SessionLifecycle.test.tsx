import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { SESSION, STORAGE_KEYS, type AuthResponse } from '@vault/contract';
import { mockFetch } from '../test/fetch-mock';
import { FakeWebSocket } from '../test/fake-websocket';
import { renderApp } from '../test/render-app';
import { makeToken, makeUser } from '../test/tokens';
import { saveSession } from '../session-state/storage';

const START = new Date('2024-05-01T10:00:00.000Z').getTime();
const MINUTE = 60_000;
const alice = makeUser({ username: 'alice' });
const SCREEN = '/no-such-page';

/** Runs timers and the promises they start, inside act. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Moves the clock to `ms` after START (timers fire on the way). */
async function advanceTo(ms: number) {
  await advance(START + ms - Date.now());
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function signIn({ token = makeToken(nowSeconds() + 24 * 3600), refresh }: { token?: string; refresh?: AuthResponse } = {}) {
  saveSession({ token, user: alice });
  const fetchMock = mockFetch({
    'GET /api/auth/me': { body: { user: alice } },
    'GET /api/account': { body: { user: alice, two_factor_enabled: false, recovery_codes_left: 0, must_change_password: false } },
    'POST /api/auth/logout': { status: 204 },
    'POST /api/auth/refresh': refresh ? { body: refresh } : { status: 500 },
    'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } },
  });
  // The lifecycle runs on every screen: a plain one (no data queries) keeps each fake-timer step cheap.
  const app = renderApp(SCREEN);
  await advance(0);
  expect(screen.getByRole('button', { name: 'Account menu for alice' })).toBeInTheDocument();
  // The live link opens once the account is read, a turn later.
  await advance(0);
  return { ...app, ...fetchMock, token };
}

/** Sonner shows a toast a timer tick after it is raised. */
async function toast(text: string) {
  await advance(10);
  return screen.getByText(text);
}

const warning = () => screen.queryByRole('dialog', { name: 'Session Timeout Warning' });
const countdown = () => within(warning()!).getByRole('timer').textContent;
const logoutCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/auth/logout');

function otherTabWrites(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
}

// Half an hour of fake time runs many timers: headroom for a busy machine, not a wait.
describe('session lifecycle', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('warns at 25 minutes idle with the texts and a countdown from 5:00', async () => {
    await signIn();
    await advanceTo(24.5 * MINUTE);
    expect(warning()).not.toBeInTheDocument();

    await advanceTo(25 * MINUTE);
    const dialog = warning()!;
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByText("You'll be logged out due to inactivity")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Stay Active' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Logout Now' })).toBeInTheDocument();
    expect(countdown()).toBe('5:00');
    await advance(1_000);
    expect(countdown()).toBe('4:59');
    await advance(59_000);
    expect(countdown()).toBe('4:00');
  });

  it('Stay Active closes the warning and records activity', async () => {
    const { calls } = await signIn();
    await advanceTo(25 * MINUTE);
    fireEvent.click(within(warning()!).getByRole('button', { name: 'Stay Active' }));
    await advance(0);
    expect(warning()).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.lastActivity)).toBe(String(START + 25 * MINUTE));
    await advanceTo(49 * MINUTE);
    expect(warning()).not.toBeInTheDocument();
    expect(logoutCalls(calls)).toEqual([]);
  });

  it('activity outside the warning closes it; using the warning does not', async () => {
    await signIn();
    await advanceTo(25 * MINUTE);
    fireEvent.mouseMove(within(warning()!).getByRole('button', { name: 'Logout Now' }));
    await advance(1_000);
    expect(warning()).toBeInTheDocument();
    fireEvent.mouseMove(document.body);
    await advance(0);
    expect(warning()).not.toBeInTheDocument();
  });

  it('logs out when the countdown reaches zero', async () => {
    const { calls, router } = await signIn();
    await advanceTo(25 * MINUTE);
    await advance(299_000);
    expect(countdown()).toBe('0:01');
    expect(router.state.location.pathname).toBe(SCREEN);
    await advance(1_000);
    expect(router.state.location.pathname).toBe('/login');
    expect(warning()).not.toBeInTheDocument();
    expect(await toast('Logged out successfully')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(logoutCalls(calls)).toHaveLength(1);
  });

  it('warns and logs out exactly 25 and 30 minutes after the last activity in any tab, the countdown agreeing to the second', async () => {
    const { router } = await signIn();
    // Another tab was used 20 s in: the half hour counts from then, not from this tab's next 30 s check.
    await advanceTo(20_000);
    otherTabWrites(STORAGE_KEYS.lastActivity, String(START + 20_000));
    await advanceTo(25 * MINUTE + 19_000);
    expect(warning()).not.toBeInTheDocument();
    await advanceTo(25 * MINUTE + 20_000);
    expect(countdown()).toBe('5:00');
    await advanceTo(30 * MINUTE + 19_000);
    expect(countdown()).toBe('0:01');
    expect(router.state.location.pathname).toBe(SCREEN);
    await advanceTo(30 * MINUTE + 20_000);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('Logout Now logs out at once', async () => {
    const { calls, router } = await signIn();
    await advanceTo(25 * MINUTE);
    fireEvent.click(within(warning()!).getByRole('button', { name: 'Logout Now' }));
    await advance(0);
    expect(router.state.location.pathname).toBe('/login');
    // A logout the user chose starts afresh: no page to return to.
    expect(router.state.location.search).toBe('');
    expect(logoutCalls(calls)).toHaveLength(1);
  });

  it('logs out at 30 minutes idle even without having warned', async () => {
    const { router } = await signIn();
    // Idle since long before this tab's checks began (a laptop waking from sleep).
    localStorage.setItem(STORAGE_KEYS.lastActivity, String(START - 31 * MINUTE));
    await advance(SESSION.inactivityCheckMs - 1);
    expect(router.state.location.pathname).toBe(SCREEN);
    await advance(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(await toast('Logged out successfully')).toBeInTheDocument();
  });

  it('records activity at most once a second', async () => {
    await signIn();
    await advance(10_000);
    fireEvent.mouseMove(document.body);
    expect(localStorage.getItem(STORAGE_KEYS.lastActivity)).toBe(String(START + 10_000));
    await advance(500);
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.scroll(window);
    expect(localStorage.getItem(STORAGE_KEYS.lastActivity)).toBe(String(START + 10_000));
    await advance(500);
    fireEvent.touchStart(document.body);
    expect(localStorage.getItem(STORAGE_KEYS.lastActivity)).toBe(String(START + 11_000));
  });

  it('keeps the session of somebody watching a film: a playing player is activity, though its time never bubbles', async () => {
    const { router } = await signIn();
    const film = document.body.appendChild(document.createElement('video'));
    // A player reports its time several times a second while it plays; a minute at a time is plenty here.
    for (let minute = 1; minute <= 40; minute += 1) {
      await advance(MINUTE);
      fireEvent(film, new Event('timeupdate', { bubbles: false }));
    }
    expect(warning()).toBeNull();
    expect(router.state.location.pathname).toBe(SCREEN);
    expect(localStorage.getItem(STORAGE_KEYS.lastActivity)).toBe(String(START + 40 * MINUTE));
    film.remove();
  });

  it('checks the token every minute and ends an expired session with the session-expired message', async () => {
    // The renewal attempted meanwhile fails (the mock answers 500): the session still ends on time.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, router } = await signIn({ token: makeToken(nowSeconds() + 90) });
    await advance(SESSION.tokenCheckMs);
    expect(router.state.location.pathname).toBe(SCREEN);
    await advance(SESSION.tokenCheckMs);
    expect(router.state.location.pathname).toBe('/login');
    // Signing in again returns to the page the session ended on.
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(SCREEN)}`);
    expect(await toast('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // An expired token has nothing left to revoke.
    expect(logoutCalls(calls)).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Session renewal failed; retrying at the next check', expect.anything());
  });

  it('follows a logout in another tab', async () => {
    const { router } = await signIn();
    otherTabWrites(STORAGE_KEYS.token, null);
    await advance(0);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('follows a renewal or a sign-in in another tab', async () => {
    await signIn();
    FakeWebSocket.latest().accept();
    const renewed = makeToken(nowSeconds() + 24 * 3600);
    otherTabWrites(STORAGE_KEYS.token, renewed);
    await advance(0);
    FakeWebSocket.latest().open();
    expect(JSON.parse(FakeWebSocket.latest().sent[0]!)).toEqual({ type: 'auth', token: renewed });

    const bob = makeUser({ id: 8, username: 'bob' });
    otherTabWrites(STORAGE_KEYS.token, makeToken(nowSeconds() + 24 * 3600));
    otherTabWrites(STORAGE_KEYS.user, JSON.stringify(bob));
    await advance(0);
    expect(screen.getByRole('button', { name: 'Account menu for bob' })).toBeInTheDocument();
  });

  it('stays alive through activity in another tab, which also closes the warning', async () => {
    const { router } = await signIn();
    await advanceTo(25 * MINUTE);
    expect(warning()).toBeInTheDocument();
    otherTabWrites(STORAGE_KEYS.lastActivity, String(Date.now()));
    await advance(0);
    expect(warning()).not.toBeInTheDocument();
    await advanceTo(40 * MINUTE);
    expect(router.state.location.pathname).toBe(SCREEN);
  });

  it('renews a token past half its life while the user is active, and reconnects with it', async () => {
    // Issued 13 h ago, 11 h left of 24: past half its life.
    const old = makeToken(nowSeconds() + 11 * 3600, nowSeconds() - 13 * 3600);
    const renewed = makeToken(nowSeconds() + 24 * 3600, nowSeconds());
    const { calls } = await signIn({ token: old, refresh: { token: renewed, user: alice } });
    FakeWebSocket.latest().accept();
    const activity = localStorage.getItem(STORAGE_KEYS.lastActivity);

    await advance(SESSION.tokenCheckMs);
    const refresh = calls.filter((c) => c.path === '/api/auth/refresh');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.headers.get('Authorization')).toBe(`Bearer ${old}`);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(renewed);
    expect(localStorage.getItem(STORAGE_KEYS.lastActivity)).toBe(activity);

    FakeWebSocket.latest().open();
    expect(JSON.parse(FakeWebSocket.latest().sent[0]!)).toEqual({ type: 'auth', token: renewed });
    await advance(SESSION.tokenCheckMs);
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('does not renew for a user idle since the token was issued', async () => {
    const old = makeToken(nowSeconds() + 11 * 3600, nowSeconds() - 13 * 3600);
    const { calls } = await signIn({ token: old });
    localStorage.setItem(STORAGE_KEYS.lastActivity, String(START - 14 * 3600_000 + 10 * MINUTE));
    await advance(SESSION.tokenCheckMs);
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toEqual([]);
  });
});
