import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryKeys } from '../api/keys';
import { mockFetch } from '../test/fetch-mock';
import { FakeWebSocket } from '../test/fake-websocket';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const alice = makeUser({ username: 'alice' });
const root = makeUser({ id: 1, username: 'root', is_admin: true });

function signedInAs(user = alice) {
  const token = storeSession(user);
  mockFetch({
    'GET /api/auth/me': { body: { user } },
    'GET /api/account': { body: { user, two_factor_enabled: false, recovery_codes_left: 0, must_change_password: false } },
    'POST /api/auth/logout': { status: 204 },
    'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } },
  });
  return token;
}

const indicator = (name: string) => screen.findByRole('status', { name });
/** The socket, once the account has been read. */
const opened = () => waitFor(() => FakeWebSocket.latest());

describe('RealtimeProvider', () => {
  it('opens one socket for the signed-in tab and shows its state in the navigation bar', async () => {
    const token = signedInAs();
    const user = userEvent.setup();
    renderApp('/dashboard');
    expect(await indicator('Live updates offline')).toBeInTheDocument();
    const socket = await opened();
    expect(socket.url).toBe('ws://localhost:3000/ws');
    act(() => socket.accept());
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token });
    expect(await indicator('Live updates connected')).toBeInTheDocument();

    // Moving between screens keeps the same socket.
    await user.click(screen.getByRole('link', { name: 'Public Files' }));
    await user.click(screen.getByRole('link', { name: 'Upload' }));
    expect(FakeWebSocket.instances).toEqual([socket]);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => socket.drop());
    expect(await indicator('Live updates offline')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Real-time connection error', expect.any(Event));
  });

  it('refreshes what an event makes stale, with the admin figures for admins', async () => {
    signedInAs(root);
    const { queryClient } = renderApp('/dashboard');
    const socket = await opened();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => {
      socket.accept();
      socket.receive({ type: 'file_deleted', file_id: 9, at: '2024-05-01T10:00:00.000Z' });
    });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      queryKeys.files,
      queryKeys.userStats,
      queryKeys.storageStats,
      queryKeys.admin,
    ]);
  });

  it('closes the socket at logout and opens none for anonymous visitors', async () => {
    signedInAs();
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    const socket = await opened();
    act(() => socket.accept());

    await user.click(screen.getByRole('button', { name: 'Account menu for alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);

    await act(() => router.navigate('/public'));
    expect(FakeWebSocket.instances).toEqual([socket]);
  });

  it('opens no socket on a temporary password, and one once the new password is saved', async () => {
    signedInAs();
    let mustChange = true;
    mockFetch({
      'GET /api/auth/me': { body: { user: alice } },
      'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } },
      'GET /api/account': () => ({ body: { user: alice, two_factor_enabled: false, recovery_codes_left: 0, must_change_password: mustChange } }),
      'PUT /api/account/password': () => {
        mustChange = false;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.type(await screen.findByLabelText('Temporary password'), 'Temp0rary-Pass');
    expect(FakeWebSocket.instances).toEqual([]);
    await user.type(screen.getByLabelText('New password'), 'my-own-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'my-own-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() => FakeWebSocket.latest().accept());
    expect(await indicator('Live updates connected')).toBeInTheDocument();
  });

  it('reads the user again when the account changed elsewhere: a demoted admin loses the admin panel', async () => {
    signedInAs(root);
    let current = root;
    const { calls } = mockFetch({
      'GET /api/auth/me': () => ({ body: { user: current } }),
      'GET /api/account': { body: { user: root, two_factor_enabled: false, recovery_codes_left: 0, must_change_password: false } },
      'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } },
    });
    renderApp('/upload');
    const socket = await opened();
    act(() => socket.accept());
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Admin Panel' })).toBeInTheDocument();
    const before = calls.filter((c) => c.path === '/api/auth/me').length;
    current = { ...root, is_admin: false };
    act(() => socket.receive({ type: 'account_changed', at: '2024-05-01T10:00:00.000Z' }));
    await waitFor(() => expect(within(navigation).queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/api/auth/me')).toHaveLength(before + 1);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ is_admin: false });
  });
});
