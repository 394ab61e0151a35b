import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { futureToken, makeUser } from '../test/tokens';

const DEMO = {
  user: { username: 'demo', password: 'demo123' },
  admin: { username: 'admin', password: 'admin123' },
};

function configReply(demo: typeof DEMO | null) {
  return { body: { demo, max_file_bytes: 104_857_600, allowed_types: ['png'], registration_open: true } };
}

const usernameInput = () => screen.getByLabelText('Username');
const passwordInput = () => screen.getByLabelText('Password');

describe('LoginPage', () => {
  it('shows the required messages and makes no login call', async () => {
    const { calls } = mockFetch({ 'GET /api/config': configReply(DEMO) });
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(usernameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);
  });

  it('starts in user mode; the toggle switches the title and clears both fields', async () => {
    mockFetch({ 'GET /api/config': configReply(DEMO) });
    const user = userEvent.setup();
    renderApp('/login');

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Vault' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User Login' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(usernameInput(), 'someone');
    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Admin Login' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Admin Login' })).toHaveAttribute('aria-pressed', 'true');
    expect(usernameInput()).toHaveValue('');
    expect(passwordInput()).toHaveValue('');

    await user.type(usernameInput(), 'root');
    await user.click(screen.getByRole('button', { name: 'User Login' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Vault' })).toBeInTheDocument();
    expect(usernameInput()).toHaveValue('');
  });

  it('fills the demo credentials of the chosen mode', async () => {
    mockFetch({ 'GET /api/config': configReply(DEMO) });
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Fill Demo Credentials' }));
    expect(usernameInput()).toHaveValue('demo');
    expect(passwordInput()).toHaveValue('demo123');

    await user.click(screen.getByRole('button', { name: 'Admin Login' }));
    await user.click(screen.getByRole('button', { name: 'Fill Demo Credentials' }));
    expect(usernameInput()).toHaveValue('admin');
    expect(passwordInput()).toHaveValue('admin123');
  });

  it('hides Fill Demo Credentials when the server has no demo accounts', async () => {
    mockFetch({ 'GET /api/config': configReply(null) });
    const { queryClient } = renderApp('/login');

    await waitFor(() => expect(queryClient.getQueryState(['config'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Fill Demo Credentials' })).not.toBeInTheDocument();
  });

  it('signs in, stores the session and opens the dashboard', async () => {
    const token = futureToken();
    const account = makeUser({ username: 'demo' });
    const { calls } = mockFetch({
      'GET /api/config': configReply(DEMO),
      'POST /api/auth/login': { body: { token, user: account } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await user.type(usernameInput(), 'demo');
    await user.type(passwordInput(), 'demo123');
    const signedInFrom = Date.now();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, demo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ username: 'demo', password: 'demo123' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(account);
    const lastActivity = Number(localStorage.getItem('lastActivity'));
    expect(lastActivity).toBeGreaterThanOrEqual(signedInFrom);
    expect(lastActivity).toBeLessThanOrEqual(Date.now());
  });

  it('asks for the second factor in the same card, offers a recovery code, and signs in', async () => {
    const token = futureToken();
    const account = makeUser({ username: 'demo' });
    const { calls } = mockFetch({
      'GET /api/config': configReply(DEMO),
      'POST /api/auth/login': { body: { two_factor_required: true, challenge: 'the-challenge', expires_at: new Date(Date.now() + 300_000).toISOString() } },
      'POST /api/auth/login/2fa': (request) =>
        (request.body as { code?: string }).code === '123456'
          ? { body: { token, user: account } }
          : { status: 401, body: { error: 'Invalid or already used recovery code' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await user.type(usernameInput(), 'demo');
    await user.type(passwordInput(), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('The 6-digit code your authenticator app shows.')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or already used recovery code')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/login/2fa')?.body).toEqual({ challenge: 'the-challenge', recovery_code: 'abcdefghij' });

    await user.click(screen.getByRole('button', { name: 'Use an authenticator code' }));
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, demo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('returns to the page the address names, through the User/Admin switch', async () => {
    const { calls } = mockFetch({
      'GET /api/config': configReply(DEMO),
      'POST /api/auth/login': { body: { token: futureToken(), user: makeUser({ username: 'root', is_admin: true }) } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=%2Ffiles%2F25%3Fv%3D1');
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register?next=%2Ffiles%2F25%3Fv%3D1');

    await user.click(screen.getByRole('button', { name: 'Admin Login' }));
    await user.type(usernameInput(), 'root');
    await user.type(passwordInput(), 'admin123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/files/25'));
    expect(router.state.location.search).toBe('?v=1');
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ username: 'root', password: 'admin123', mode: 'admin' });
  });

  it('returns to the page the address names after the second factor', async () => {
    mockFetch({
      'GET /api/config': configReply(DEMO),
      'POST /api/auth/login': { body: { two_factor_required: true, challenge: 'c', expires_at: new Date(Date.now() + 300_000).toISOString() } },
      'POST /api/auth/login/2fa': { body: { token: futureToken(), user: makeUser({ username: 'demo' }) } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login?next=%2Ffolders%2F3');
    await user.type(usernameInput(), 'demo');
    await user.type(passwordInput(), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/folders/3'));
  });

  it.each([
    ['another site', 'https%3A%2F%2Fevil.example%2Ffiles%2F25'],
    ['a protocol-relative address', '%2F%2Fevil.example'],
    ['a backslash path', '%2F%5Cevil.example'],
    ['the API', '%2Fapi%2Ffiles%2F25%2Fdownload'],
  ])('opens the dashboard instead of %s', async (_what, next) => {
    mockFetch({ 'GET /api/config': configReply(DEMO), 'POST /api/auth/login': { body: { token: futureToken(), user: makeUser({ username: 'demo' }) } } });
    const user = userEvent.setup();
    const { router } = renderApp(`/login?next=${next}`);
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');
    await user.type(usernameInput(), 'demo');
    await user.type(passwordInput(), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends mode admin in Admin Login and shows the server refusal', async () => {
    const { calls } = mockFetch({
      'GET /api/config': configReply(DEMO),
      'POST /api/auth/login': { status: 403, body: { error: 'This account is not an administrator' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await user.click(screen.getByRole('button', { name: 'Admin Login' }));
    await user.type(usernameInput(), 'demo');
    await user.type(passwordInput(), 'demo123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This account is not an administrator');
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ username: 'demo', password: 'demo123', mode: 'admin' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    mockFetch({ 'GET /api/config': configReply(DEMO), 'POST /api/auth/login': { status: 500, body: {} } });
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(usernameInput(), 'demo');
    await user.type(passwordInput(), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('disables Sign in while the request is pending', async () => {
    let release: () => void = () => undefined;
    mockFetch({
      'GET /api/config': configReply(DEMO),
      'POST /api/auth/login': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 401, body: { error: 'Invalid username or password' } });
        }),
    });
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(usernameInput(), 'demo');
    await user.type(passwordInput(), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
