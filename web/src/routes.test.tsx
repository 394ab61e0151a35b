import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from './test/fetch-mock';
import { renderApp, storeSession } from './test/render-app';
import { makeToken, makeUser } from './test/tokens';

const member = makeUser({ username: 'alice', is_admin: false });
const admin = makeUser({ id: 1, username: 'root', email: 'root@example.com', is_admin: true });

function signedInAs(user: typeof member) {
  storeSession(user);
  return mockFetch({ 'GET /api/auth/me': { body: { user } }, 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } });
}

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

const nextOf = (router: ReturnType<typeof renderApp>['router']) => new URLSearchParams(router.state.location.search).get('next');

describe('route guards', () => {
  it.each(['/dashboard', '/upload', '/folders', '/sharing', '/admin', '/settings#two-factor', '/folders?q=report'])(
    'sends anonymous visitors from %s to /login, which will bring them back',
    async (path) => {
      mockFetch({ 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } });
      const { router } = renderApp(path);
      await expectPath(router, '/login');
      expect(nextOf(router)).toBe(path);
      expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Vault' })).toBeInTheDocument();
    },
  );

  it('sends a user who logs out from a signed-in page to a plain /login', async () => {
    signedInAs(member);
    const user = userEvent.setup();
    const { router } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Account menu for alice' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await expectPath(router, '/login');
    expect(router.state.location.search).toBe('');
  });

  it('redirects / to /dashboard', async () => {
    signedInAs(member);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, alice' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends non-admins from /admin to /dashboard', async () => {
    signedInAs(member);
    const { router } = renderApp('/admin');
    await expectPath(router, '/dashboard');
    expect(screen.queryByRole('heading', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('lets admins open /admin', async () => {
    signedInAs(admin);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
  });

  it.each(['/login', '/register', '/login?next=https%3A%2F%2Fevil.example', '/login?next=%2F%2Fevil.example', '/register?next=%2Fapi%2Ffiles'])(
    'sends a signed-in user from %s to /dashboard',
    async (path) => {
      signedInAs(member);
      const { router } = renderApp(path);
      await expectPath(router, '/dashboard');
    },
  );

  it('sends a signed-in user from /login to the page its next names', async () => {
    signedInAs(member);
    const { router } = renderApp('/login?next=%2Fpublic%3Fq%3Dreport');
    await expectPath(router, '/public');
    expect(router.state.location.search).toBe('?q=report');
  });

  it('lets anyone open /public, with a minimal header when anonymous', async () => {
    mockFetch({});
    renderApp('/public');
    expect(await screen.findByRole('heading', { level: 1, name: 'Public Files' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fpublic');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?next=%2Fpublic');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the navigation bar on /public when signed in', async () => {
    signedInAs(member);
    renderApp('/public');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

describe('session start-up', () => {
  it('shows the verifying screen until /api/auth/me answers', async () => {
    storeSession(member);
    let answer: () => void = () => undefined;
    const { calls } = mockFetch({
      'GET /api/auth/me': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { user: member } });
        }),
    });
    renderApp('/dashboard');

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText('Verifying your session')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/me')).toBe(true));
    expect(calls.find((c) => c.path === '/api/auth/me')?.headers.get('Authorization')).toBe(`Bearer ${localStorage.getItem('token')}`);

    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, alice' })).toBeInTheDocument();
    expect(screen.queryByText('Verifying your session')).not.toBeInTheDocument();
  });

  it('clears an expired token silently without asking the server', async () => {
    localStorage.setItem('token', makeToken(Math.floor(Date.now() / 1000) - 10));
    localStorage.setItem('user', JSON.stringify(member));
    const { calls } = mockFetch({});
    const { router } = renderApp('/dashboard');

    await expectPath(router, '/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(calls.some((c) => c.path === '/api/auth/me')).toBe(false);
    expect(screen.queryByText(/session has expired/)).not.toBeInTheDocument();
  });

  it('clears an unreadable token silently', async () => {
    localStorage.setItem('token', 'not-a-token');
    localStorage.setItem('user', JSON.stringify(member));
    mockFetch({});
    const { router } = renderApp('/dashboard');
    await expectPath(router, '/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('drops a session the server rejects with 401 and goes to /login, which will bring the user back', async () => {
    storeSession(member);
    mockFetch({ 'GET /api/auth/me': { status: 401, body: { error: 'Session expired' } } });
    const { router } = renderApp('/public');
    await expectPath(router, '/login');
    expect(nextOf(router)).toBe('/public');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    const token = storeSession(member);
    mockFetch({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, alice' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('refreshes the stored user from /api/auth/me', async () => {
    storeSession(member);
    const renamed = { ...member, email: 'new@example.com' };
    mockFetch({ 'GET /api/auth/me': { body: { user: renamed } } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, alice' });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(renamed);
  });
});
