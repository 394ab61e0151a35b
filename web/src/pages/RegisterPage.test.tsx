import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { futureToken, makeUser } from '../test/tokens';
import { changeLanguage, i18n } from '../i18n';

afterEach(() => void i18n.changeLanguage('en'));

async function fill(values: Partial<Record<'Username' | 'Email' | 'Password' | 'Confirm password', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('RegisterPage', () => {
  it('shows the required messages', async () => {
    const { calls } = mockFetch({});
    renderApp('/register');
    await fill({});

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(calls.filter((c) => c.path !== '/api/config')).toHaveLength(0);
  });

  it('checks lengths, the e-mail pattern and the confirmation', async () => {
    mockFetch({});
    renderApp('/register');
    await fill({ Username: 'ab', Email: 'not-an-email', Password: '12345', 'Confirm password': '54321' });

    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('says what is wrong in German when the interface is German', async () => {
    mockFetch({});
    await changeLanguage('de');
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Benutzername'), 'ab');
    await user.type(screen.getByLabelText('Passwort'), '123456');
    await user.type(screen.getByLabelText('Passwort bestätigen'), '654321');
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    expect(await screen.findByText('Der Benutzername muss mindestens 3 Zeichen lang sein')).toBeInTheDocument();
    expect(screen.getByText('E-Mail-Adresse ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
  });

  it('rejects usernames of 50 characters or more', async () => {
    mockFetch({});
    renderApp('/register');
    await fill({ Username: 'a'.repeat(51) });

    expect(await screen.findByText('Username must be less than 50 characters')).toBeInTheDocument();
  });

  it('registers without sending confirmPassword and opens the dashboard', async () => {
    const token = futureToken();
    const { calls } = mockFetch({
      'POST /api/auth/register': { status: 201, body: { token, user: makeUser({ username: 'carol', email: 'carol@example.com' }) } },
    });
    const { router } = renderApp('/register');
    await fill({ Username: 'carol', Email: 'carol@example.com', Password: 'secret1', 'Confirm password': 'secret1' });

    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    // A new account is welcomed, not welcomed back.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, carol' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      username: 'carol',
      email: 'carol@example.com',
      password: 'secret1',
    });
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('opens the page the address names after registering, and keeps it on the way to Sign in', async () => {
    mockFetch({ 'POST /api/auth/register': { status: 201, body: { token: futureToken(), user: makeUser({ username: 'carol' }) } } });
    const { router } = renderApp('/register?next=%2Fsharing');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fsharing');
    await fill({ Username: 'carol', Email: 'carol@example.com', Password: 'secret1', 'Confirm password': 'secret1' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/sharing'));
  });

  it('shows the server error, else Registration failed', async () => {
    mockFetch({ 'POST /api/auth/register': { status: 409, body: { error: 'Username is already taken' } } });
    renderApp('/register');
    await fill({ Username: 'carol', Email: 'carol@example.com', Password: 'secret1', 'Confirm password': 'secret1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is already taken');
  });

  it("shows 'Registration failed' when the server cannot be reached", async () => {
    mockFetch({ 'POST /api/auth/register': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/register');
    await fill({ Username: 'carol', Email: 'carol@example.com', Password: 'secret1', 'Confirm password': 'secret1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('says registration is closed, with no form, when the installation closed it', async () => {
    mockFetch({ 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: false } } });
    renderApp('/register');
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration is closed. Ask an administrator for an account.');
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });
});
