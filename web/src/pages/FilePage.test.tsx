import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { makeFile } from '../test/files';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const NOT_FOUND = "The file you're looking for doesn't exist or you don't have permission to access it.";
const CONFIG = { 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } };
const CURRENT = { size: 1536, mime_type: 'application/zip', uploaded_by: 'alice', uploaded_at: '2024-01-05T09:07:30.000Z' };
const archive = makeFile({ id: 5, original_name: 'press-kit.zip', mime_type: 'application/zip', is_public: true, file_size: 1536, username: 'alice' });

describe('FilePage', () => {
  it('shows a public file to anyone through the public route: name, size, type, owner, download', async () => {
    const { calls } = mockFetch({ ...CONFIG, 'GET /api/files/public/5': { body: { file: archive } } });
    renderApp('/files/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'press-kit.zip' })).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    expect(screen.getByText('application/zip')).toBeInTheDocument();
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByText('This file type cannot be previewed in the browser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/files/public/5')?.headers.get('authorization')).toBeNull();
  });

  it('says a file in a public folder is public in the header and in the details alike', async () => {
    const photo = makeFile({ id: 6, original_name: 'beach.zip', mime_type: 'application/zip', is_public: false, folder_id: 4, folder_name: 'Photos', visibility: { kind: 'public_folder', folder_id: 4, folder_name: 'Photos' } });
    mockFetch({ ...CONFIG, 'GET /api/files/public/6': { body: { file: photo } } });
    renderApp('/files/6');
    const header = (await screen.findByRole('heading', { level: 1, name: 'beach.zip' })).closest('header')!;
    const badge = within(header).getByTitle('Public through the folder Photos');
    expect(badge).toHaveTextContent('PUBLIC');
    const details = screen.getByText('Visibility').closest('div')!;
    expect(details).toHaveTextContent('Public through the folder Photos');
    expect(details).not.toHaveTextContent('Private');
    // Its public link works, so it is offered.
    expect(within(header).getByRole('button', { name: /Copy link/ })).toBeInTheDocument();
  });

  it('breaks a long name only after "_", "-" and ".", never inside a word nor before the extension', async () => {
    const name = 'Report_of_the-Board.final_v3.pdf';
    mockFetch({ ...CONFIG, 'GET /api/files/public/5': { body: { file: { ...archive, original_name: name } } } });
    renderApp('/files/5');
    const heading = await screen.findByRole('heading', { level: 1, name });
    expect(heading.innerHTML).toBe('Report_<wbr>of_<wbr>the-<wbr>Board.<wbr>final_<wbr>v3.pdf');
    expect(heading.className).not.toMatch(/break-all/);
  });

  it('reads through the account route when signed in, with Share for the owner', async () => {
    const alice = makeUser();
    storeSession(alice);
    mockFetch({
      ...CONFIG,
      'GET /api/auth/me': { body: { user: alice } },
      'GET /api/files/5': { body: { file: { ...archive, is_public: false, visibility: { kind: 'private' } } } },
      'GET /api/files/5/versions': { body: { current: CURRENT, versions: [], keep: 10 } },
    });
    renderApp('/files/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'press-kit.zip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
    expect(await screen.findByText(/No earlier versions yet/)).toBeInTheDocument();
  });

  it("lists the owner's versions with Download, Restore, and Delete asked first", async () => {
    const alice = makeUser();
    storeSession(alice);
    const version = { id: 3, size: 1024, mime_type: 'application/zip', uploaded_by: 'alice', uploaded_at: '2024-01-04T08:00:00.000Z' };
    const { calls } = mockFetch({
      ...CONFIG,
      'GET /api/auth/me': { body: { user: alice } },
      'GET /api/files/5': { body: { file: archive } },
      'GET /api/files/5/versions': { body: { current: CURRENT, versions: [version], keep: 10 } },
      'POST /api/files/5/versions/3/restore': { body: { file: archive } },
      'DELETE /api/files/5/versions/3': { status: 204 },
      'POST /api/files/5/versions/3/download-link': { body: { url: '/api/files/5/versions/3/download?dl=t', expires_at: '2024-01-05T10:00:00.000Z' } },
    });
    renderApp('/files/5');
    const user = userEvent.setup();
    const card = (await screen.findByRole('heading', { name: 'Versions' })).closest('section')!;
    await waitFor(() => expect(card).toHaveTextContent('At most 10 are kept'));
    expect(card).toHaveTextContent('Current');
    expect(card).toHaveTextContent('1.5 KB · by alice');
    expect(card).toHaveTextContent('1 KB · by alice');

    await user.click(within(card).getByRole('button', { name: /^Download the version of/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/files/5/versions/3/download-link')).toBe(true));
    await user.click(within(card).getByRole('button', { name: /^Restore the version of/ }));
    expect(await screen.findByText('Version restored: it is the current content now')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /^Delete the version of/ }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this version?' });
    expect(confirm).toHaveTextContent('(1 KB) is deleted for good. This action cannot be undone.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete version' }));
    expect(await screen.findByText('Version deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/files/5/versions/3']);
  });

  it('lets the owner delete the file to Trash, then goes back to its folder', async () => {
    const alice = makeUser();
    storeSession(alice);
    const { calls } = mockFetch({
      'GET /api/config': { body: { ...CONFIG['GET /api/config'].body, trash_days: 30 } },
      'GET /api/auth/me': { body: { user: alice } },
      'GET /api/files/5': { body: { file: { ...archive, folder_id: 3, folder_name: 'Press' } } },
      'GET /api/files/5/versions': { body: { current: CURRENT, versions: [], keep: 10 } },
      'DELETE /api/files/5': { status: 204 },
    });
    const { router } = renderApp('/files/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete press-kit.zip?' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this file?');
    expect(await within(confirm).findByText('It stays in Trash for 30 days, where you can restore it.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“press-kit.zip” moved to Trash')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders/3'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/files/5']);
  });

  it('shows no versions to anyone but the owner', async () => {
    const bob = makeUser({ id: 8, username: 'bob' });
    storeSession(bob);
    const { calls } = mockFetch({ ...CONFIG, 'GET /api/auth/me': { body: { user: bob } }, 'GET /api/files/5': { body: { file: archive } } });
    renderApp('/files/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'press-kit.zip' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Versions' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/versions'))).toBe(false);
  });

  it.each([
    ['a private or missing file, anonymously', '/files/5', false],
    ['an unreadable file, signed in', '/files/5', true],
    ['a malformed id', '/files/x', false],
  ])('shows the same not-found page for %s', async (_what, path, signedIn) => {
    const user = makeUser({ id: 9, username: 'carol' });
    if (signedIn) storeSession(user);
    mockFetch({
      ...CONFIG,
      'GET /api/auth/me': { body: { user } },
      'GET /api/files/5': { status: 404, body: { error: 'File not found' } },
      'GET /api/files/public/5': { status: 404, body: { error: 'File not found' } },
    });
    renderApp(path);
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'File not found' })).toBeInTheDocument();
  });

  it("offers an anonymous visitor 'Sign in', which comes back to the file", async () => {
    mockFetch({ ...CONFIG, 'GET /api/files/public/5': { status: 404, body: { error: 'File not found' } } });
    renderApp('/files/5');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign in' }).map((link) => link.getAttribute('href'))).toEqual([
      '/login?next=%2Ffiles%2F5',
      '/login?next=%2Ffiles%2F5',
    ]);
  });
});
