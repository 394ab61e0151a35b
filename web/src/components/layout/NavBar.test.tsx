import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';

const member = makeUser({ username: 'alice', email: 'alice@example.com' });
const admin = makeUser({ id: 1, username: 'root', email: 'root@example.com', is_admin: true });

function signedInAs(user: typeof member, trashDays = 30) {
  const token = storeSession(user);
  const fetches = mockFetch({
    'GET /api/auth/me': { body: { user } },
    'POST /api/auth/logout': { status: 204 },
    'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true, trash_days: trashDays } },
  });
  return { token, ...fetches };
}

describe('NavBar', () => {
  it('lists the links in order and highlights the current route', async () => {
    signedInAs(member);
    renderApp('/folders/12');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Upload', '/upload'],
      ['Folders', '/folders'],
      ['Starred', '/starred'],
      ['Sharing', '/sharing'],
      ['Public Files', '/public'],
      ['Trash', '/trash'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Folders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('says on the Trash link when Trash is off (deleting is permanent)', async () => {
    signedInAs(member, 0);
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const trash = within(nav).getByRole('link', { name: /^Trash/ });
    await waitFor(() => expect(trash).toHaveTextContent('TrashOff'));
    expect(trash).toHaveAttribute('title', 'Trash is off: deleting is permanent');
    expect(trash).toHaveAttribute('href', '/trash');
  });

  it('shows Admin Panel to admins only', async () => {
    signedInAs(admin);
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(await screen.findByText('ADMIN')).toBeInTheDocument();
    expect(screen.getByText('Administrative dashboard - View and manage all files across the system')).toBeInTheDocument();
  });

  it('shows the user subtitle and no ADMIN badge to other users', async () => {
    signedInAs(member);
    renderApp('/dashboard');
    expect(await screen.findByText('Manage your files and storage with advanced deduplication')).toBeInTheDocument();
    expect(screen.queryByText('ADMIN')).not.toBeInTheDocument();
  });

  it('links the brand logo to /dashboard', async () => {
    signedInAs(member);
    renderApp('/upload');
    expect(await screen.findByRole('link', { name: 'Vault' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the account in the user menu and logs out', async () => {
    const { calls, token } = signedInAs(admin);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Account menu for root' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('root@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Admin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const logoutCall = calls.find((c) => c.path === '/api/auth/logout');
    expect(logoutCall?.method).toBe('POST');
    expect(logoutCall?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('opens the drawer, navigates and closes it', async () => {
    signedInAs(member);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Sharing' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/sharing');
  });

  it('closes the drawer on Logout', async () => {
    signedInAs(member);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });
});
