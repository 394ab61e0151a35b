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
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, demo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ username: 'demo', password: 'demo123' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(account);
    const lastActivity = Number(localStorage.getItem('lastActivity'));
    expect(lastActivity).toBeGreaterThanOrEqual(signedInFrom);
    expect(lastActivity).toBeLessThanOrEqual(Date.now());
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
