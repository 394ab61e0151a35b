import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileItem } from '@vault/contract';
import { mockFetch, type MockReply } from '../test/fetch-mock';
import { MIB } from '../lib/bytes';
import { fileList, makeFile, storageStats, userStats } from '../test/files';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const me = makeUser({ id: 7, username: 'alice' });

function openDashboard(files: FileItem[], extra: Record<string, MockReply> = {}, path = '/dashboard', total = files.length) {
  storeSession(me);
  const fetches = mockFetch({
    'GET /api/auth/me': { body: { user: me } },
    'GET /api/auth/stats': { body: userStats },
    'GET /api/files/storage/stats': { body: storageStats },
    'GET /api/files': { body: fileList(files, total) },
    ...extra,
  });
  return { ...fetches, ...renderApp(path), user: userEvent.setup() };
}

const fileQueries = (calls: { method: string; path: string; search: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/files').map((c) => c.search);

const pdf = makeFile({
  id: 11,
  original_name: 'Q3 report.pdf',
  tags: ['finance', '2024'],
  folder_name: 'Reports',
  folder_id: 3,
  download_count: 12,
  reference_count: 3,
  is_duplicate: true,
});
const photo = makeFile({ id: 12, original_name: 'photo.png', mime_type: 'image/png', is_public: true, reference_count: 1 });
const theirs = makeFile({ id: 13, user_id: 99, username: 'bob', original_name: 'notes', mime_type: 'text/plain', is_public: true });

describe('DashboardPage', () => {
  it('shows the summary, the storage analytics and the first page of files', async () => {
    const { calls, user } = openDashboard([pdf, photo]);
    // The page's module (with the folder tree and the drop zone) compiles on first use: on a busy machine that takes a while.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, alice' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Manage your files and storage with advanced deduplication')).toBeInTheDocument();
    // A phone (no wide media query here): the figures wait, closed, below the files.
    const disclosure = screen.getByRole('button', { name: 'Statistics' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await user.click(disclosure);

    await waitFor(() => expect(screen.getByText('Total Files').parentElement).toHaveTextContent('Total Files3Trash not included'));
    expect(screen.getByText('Storage Used').parentElement).toHaveTextContent('5 MB');
    expect(screen.getByText('Storage Quota').parentElement).toHaveTextContent('100 MB');
    expect(screen.getByText('Files Found').parentElement).toHaveTextContent('Files Found2');

    const analytics = screen.getByRole('heading', { name: 'Storage Analytics' }).closest('section')!;
    await waitFor(() => expect(analytics).toHaveTextContent('Actual Storage Used5 MB'));
    expect(analytics).toHaveTextContent('Without Deduplication8 MB');
    expect(analytics).toHaveTextContent('Space Saved3 MB');
    expect(analytics).toHaveTextContent('Efficiency37.5%');
    expect(analytics).toHaveTextContent('Deduplication Rate25.0%');
    expect(within(analytics).getByRole('progressbar', { name: 'Storage used of quota' })).toHaveAttribute('aria-valuenow', '5');

    expect(screen.getByText('2 files found')).toBeInTheDocument();
    // Only the caller's own files: those shared with them are on the Sharing page.
    expect(fileQueries(calls)).toEqual(['?limit=20&scope=own']);
    // An empty Trash is not mentioned.
    expect(within(analytics).queryByText(/In Trash/)).not.toBeInTheDocument();
  });

  it("tells an admin which figures are their own and which count every user's files", async () => {
    const admin = makeUser({ id: 1, username: 'root', is_admin: true });
    storeSession(admin);
    mockFetch({
      'GET /api/auth/me': { body: { user: admin } },
      'GET /api/auth/stats': { body: userStats },
      'GET /api/files/storage/stats': { body: { ...storageStats, trash_bytes: 3 * MIB, trash_file_count: 4 } },
      'GET /api/files': { body: fileList([pdf, theirs], 2) },
    });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Statistics' }, { timeout: 15_000 }));
    const card = (label: string) => screen.getByText(label).parentElement!;
    await waitFor(() => expect(card('Total Files')).toHaveTextContent(/^Your accountTotal Files3/));
    expect(card('Storage Used')).toHaveTextContent(/^Your accountStorage Used/);
    expect(card('Storage Quota')).toHaveTextContent(/^Your accountStorage Quota/);
    expect(card('Files Found')).toHaveTextContent('All usersFiles Found2');
    const analytics = screen.getByRole('heading', { name: 'Storage Analytics' }).closest('section')!;
    expect(analytics).toHaveTextContent('Deduplication across every user’s files');
    // Every user's Trash is no page an admin can open: the figure is not a link to their own.
    expect(within(analytics).getByText('In Trash: 3 MB')).toBeInTheDocument();
    expect(within(analytics).queryByRole('link', { name: /In Trash/ })).not.toBeInTheDocument();
    expect(analytics).toHaveTextContent("4 files in every user's Trash");
  });

  it('says what Trash holds, with a link to it', async () => {
    const { user } = openDashboard([pdf], { 'GET /api/files/storage/stats': { body: { ...storageStats, trash_bytes: 3 * MIB, trash_file_count: 4 } } });
    await user.click(await screen.findByRole('button', { name: 'Statistics' }));
    const link = await screen.findByRole('link', { name: 'In Trash: 3\u00a0MB' });
    expect(link).toHaveAttribute('href', '/trash');
    expect(screen.getByText('4 files; they count against your quota until they are deleted for good.')).toBeInTheDocument();
  });

  it('shows every element of a file row', async () => {
    openDashboard([pdf]);
    const row = (await screen.findByText('Q3 report.pdf')).closest('li')!;
    // The owner shows on others' files only: these are the caller's own.
    for (const text of ['PDF', 'DEDUPED', '2 KB', 'Jan 05, 2024', '12', '3 references', 'finance', '2024', 'Reports']) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(row).getByText(/Jan 05, 2024/)).toHaveAttribute('title', expect.stringMatching(/Updated Feb\s06,\s\d\d:08/));
    expect(row).not.toHaveTextContent('PUBLIC');
    expect(row).not.toHaveTextContent('alice');
  });

  it('offers share, delete and the owner\'s menu on own files only (others\' menus hold the star alone), and copy link on public ones', async () => {
    openDashboard([pdf, photo, theirs]);
    await screen.findByText('Q3 report.pdf');
    const buttons = (name: string) =>
      within(screen.getByText(name).closest('li')!)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(buttons('Q3 report.pdf')).toEqual([
      'Preview Q3 report.pdf',
      'Download Q3 report.pdf',
      'Share Q3 report.pdf',
      'Delete Q3 report.pdf',
      'More actions for Q3 report.pdf',
    ]);
    expect(buttons('photo.png')).toEqual([
      'Preview photo.png',
      'Download photo.png',
      'Copy public link photo.png',
      'Share photo.png',
      'Delete photo.png',
      'More actions for photo.png',
    ]);
    expect(buttons('notes')).toEqual(['Preview notes', 'Download notes', 'Copy public link notes', 'More actions for notes']);
    expect(within(screen.getByText('notes').closest('li')!).getByText('FILE')).toBeInTheDocument();
  });

  it('shows the empty state texts, with an Upload button of its own', async () => {
    openDashboard([]);
    const title = await screen.findByText('No files found');
    const empty = title.closest('div')!.parentElement!;
    expect(within(empty).getByText('Upload some files to get started')).toBeInTheDocument();
    expect(within(empty).getByText('You can also drop files anywhere on this page.')).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/upload');
  });

  it('welcomes a new account without "back" (one holding files is welcomed back, above)', async () => {
    openDashboard([], { 'GET /api/auth/stats': { body: { ...userStats, total_files: 0 } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, alice' })).toBeInTheDocument();
    await screen.findByText('No files found');
    expect(screen.queryByRole('heading', { level: 1, name: 'Welcome back, alice' })).not.toBeInTheDocument();
  });

  it('shows a failed load as one error with Try again: no loading subtitle, skeleton or empty state', async () => {
    let fail = true;
    const { user } = openDashboard([], {
      'GET /api/files': () => (fail ? { status: 500, body: {} } : { body: fileList([pdf]) }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Files could not be loaded.');
    expect(screen.queryByText('Loading files...')).not.toBeInTheDocument();
    expect(screen.queryByText('No files found')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your files' })).not.toBeInTheDocument();
    const found = screen.getByText('Files Found').nextElementSibling;
    expect(found).toHaveTextContent('—');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Q3 report.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('1 file found')).toBeInTheDocument();
  });

  it('keeps the last list when a refresh fails', async () => {
    let fail = false;
    const { user } = openDashboard([], {
      'GET /api/files': () => (fail ? { status: 503, body: { error: 'Service unavailable' } } : { body: fileList([pdf]) }),
    });
    expect(await screen.findByText('Q3 report.pdf')).toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.getByText('Q3 report.pdf')).toBeInTheDocument();
    expect(screen.getByText('1 file found')).toBeInTheDocument();
  });

  it('says a search found nothing, without the first-run texts, and clears it', async () => {
    const { user, router } = openDashboard([], {}, '/dashboard?search=nothingmatches');
    expect(await screen.findByText('Nothing matches “nothingmatches”')).toBeInTheDocument();
    expect(screen.getByText('Try other words or fewer filters.')).toBeInTheDocument();
    expect(screen.queryByText('Upload some files to get started')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says the filters match nothing when there is no search text', async () => {
    openDashboard([], {}, '/dashboard?mime_type=image');
    expect(await screen.findByText('No files match these filters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear search and filters' })).toBeInTheDocument();
  });

  it('keeps filters and page in the URL', async () => {
    const { calls, user, router } = openDashboard([pdf], {}, '/dashboard?search=plan&tags=a&tags=b&page=2', 45);
    await screen.findByText('Q3 report.pdf');
    expect(fileQueries(calls)).toEqual(['?page=2&search=plan&tags=a&tags=b&limit=20&scope=own']);
    expect(screen.getByRole('searchbox')).toHaveValue('plan');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Showing 21–40 of 45 files');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&search=plan&tags=a&tags=b'));

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'other{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=other&tags=a&tags=b'));
    await waitFor(() => expect(fileQueries(calls).at(-1)).toBe('?search=other&tags=a&tags=b&limit=20&scope=own'));
  });

  it('moves a page past the end back to the last page in place, so Back leaves it', async () => {
    const { router } = openDashboard([], { 'GET /api/files': (request) => ({ body: fileList(request.query.get('page') === '9' ? [] : [pdf], 25) }) });
    await screen.findByText('Q3 report.pdf');
    await router.navigate('/dashboard?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    // Back goes to the page before, not to page 9, which would only move forward again.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('deletes a file after confirmation and refreshes the list and stats', async () => {
    const { calls, user } = openDashboard([pdf], { 'DELETE /api/files/11': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Delete Q3 report.pdf' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this file?');
    const before = calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('File deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = calls.slice(before).map((c) => `${c.method} ${c.path}`);
    expect(after).toContain('DELETE /api/files/11');
    await waitFor(() => {
      const refreshed = calls.slice(before).map((c) => `${c.method} ${c.path}`);
      // The list, the figures, and the folder options whose counts and sizes moved.
      expect(refreshed).toEqual(expect.arrayContaining(['GET /api/files', 'GET /api/auth/stats', 'GET /api/files/storage/stats', 'GET /api/folders']));
    });
  });

  it("shows the server's message when a delete fails, else 'Delete failed'", async () => {
    const { user } = openDashboard([pdf], { 'DELETE /api/files/11': { status: 500, body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Delete Q3 report.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
  });

  it('downloads through a signed link the browser fetches itself', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.getAttribute('href')} download=${this.hasAttribute('download')}`);
    });
    const { user } = openDashboard([pdf], {
      'POST /api/files/11/download-link': { body: { url: '/api/files/11/download?dl=signed', expires_at: '2030-01-01T00:00:00.000Z' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Q3 report.pdf' }));
    expect(await screen.findByText('File downloaded successfully!')).toBeInTheDocument();
    expect(clicks).toEqual(['/api/files/11/download?dl=signed download=true']);
  });

  it("says 'Download failed' unless the server explains", async () => {
    const { user } = openDashboard([pdf, photo], {
      'POST /api/files/11/download-link': { status: 404, body: { error: 'File not found' } },
      'POST /api/files/12/download-link': { status: 502, body: 'Bad gateway' },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Q3 report.pdf' }));
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download photo.png' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
  });

  it('copies the public link {origin}/files/{id}', async () => {
    vi.stubGlobal('isSecureContext', true);
    const { user } = openDashboard([photo]); // user-event provides navigator.clipboard
    await user.click(await screen.findByRole('button', { name: 'Copy public link photo.png' }));
    expect(await screen.findByText('Public link copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/files/12`);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy public link photo.png' }));
    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
  });

  it('keeps the open preview in the URL: Back closes it, a link opens it', async () => {
    const { user, router } = openDashboard([pdf, photo], { 'GET /api/files/12/content': { body: 'png' } });
    await user.click(await screen.findByRole('button', { name: 'Preview photo.png' }));
    expect(await screen.findByRole('dialog', { name: 'photo.png' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?preview=12');

    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('');

    await router.navigate('/dashboard?preview=12');
    expect(await screen.findByRole('dialog', { name: 'photo.png' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
