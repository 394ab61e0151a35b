import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityRow, AdminStatsResponse, AdminUserRow, FileItem, TopFile } from '@vault/contract';
import { mockFetch, type MockReply, type MockRequest } from '../test/fetch-mock';
import { MIB } from '../lib/bytes';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';
import { makeFile } from '../test/files';

const admin = makeUser({ id: 1, username: 'root', email: 'root@example.com', is_admin: true });

const stats: AdminStatsResponse = {
  stats: {
    total_files: 1234,
    trash_files: 12,
    total_users: 3,
    total_storage_bytes: 3 * MIB,
    logical_storage_bytes: 4 * MIB,
    savings_bytes: MIB,
    savings_percentage: 25,
    total_downloads: 42,
    public_files: 7,
  },
  timeline: Array.from({ length: 30 }, (_, i) => ({ date: `2024-01-${String(i + 1).padStart(2, '0')}`, uploads: i % 3, downloads: i % 2 })),
};

/** A file as the admin list shows it: report-<id>.pdf by alice. */
function file(id: number, overrides: Partial<FileItem> = {}): FileItem {
  return makeFile({ id, user_id: 2, original_name: `report-${id}.pdf`, updated_at: '2024-01-05T09:07:30.000Z', ...overrides });
}

function userRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 2,
    username: 'alice',
    email: 'alice@example.com',
    file_count: 4,
    used_storage_bytes: 900 * MIB,
    total_downloads: 9,
    created_at: '2024-01-05T09:07:30.000Z',
    storage_quota_mb: 1024,
    is_admin: false,
    disabled: false,
    two_factor_enabled: false,
    ...overrides,
  };
}

const users = [userRow(), userRow({ id: 1, username: 'root', email: 'root@example.com', used_storage_bytes: 0, file_count: 0, is_admin: true })];

const top: TopFile[] = [
  { id: 9, original_name: 'popular.zip', username: 'alice', download_count: 30, file_size: 4096 },
  { id: 8, original_name: 'second.png', username: 'bob', download_count: 12, file_size: 1024 },
  { id: 7, original_name: 'third.txt', username: 'bob', download_count: 1, file_size: 10 },
];

function activityRow(id: number, overrides: Partial<ActivityRow> = {}): ActivityRow {
  return { id, type: 'upload', file_name: `file-${id}.txt`, file_id: id, username: 'alice', date: new Date().toISOString(), detail: null, detail_code: null, detail_params: null, via: null, ...overrides };
}

function adminServer(overrides: Record<string, MockReply> = {}) {
  storeSession(admin);
  return mockFetch({
    'GET /api/auth/me': { body: { user: admin } },
    'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } },
    'GET /api/admin/stats': { body: stats },
    'GET /api/admin/users/stats': { body: { users } },
    'GET /api/admin/files': (req) => ({ body: { files: [file(11), file(12, { username: 'bob', reference_count: 2, is_public: true })], total: 2, page: Number(req.query.get('page')) } }),
    'GET /api/admin/files/top': { body: { files: top } },
    'GET /api/admin/activity': { body: { activity: [activityRow(5)] } },
    ...overrides,
  });
}

const adminCalls = (calls: MockRequest[]) => calls.filter((c) => c.path.startsWith('/api/admin/')).map((c) => `${c.method} ${c.path}`);

beforeEach(() => {
  // jsdom has no matchMedia; tables pick their layout by width.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 640px)' || query === '(min-width: 768px)' || query === '(min-width: 1024px)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});

async function openAdmin(path = '/admin') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Admin Panel' });
  return view;
}

describe('Admin Panel tabs', () => {
  it('offers five tabs and loads only the active tab’s data', async () => {
    const user = userEvent.setup();
    const { calls } = adminServer();
    await openAdmin();

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'All Files', 'Users', 'Analytics', 'Activity']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    await waitFor(() => expect(adminCalls(calls).sort()).toEqual(['GET /api/admin/stats', 'GET /api/admin/users/stats']));

    await user.click(screen.getByRole('tab', { name: 'All Files' }));
    expect(await screen.findByText('report-11.pdf')).toBeInTheDocument();
    expect(adminCalls(calls).filter((c) => c.startsWith('GET /api/admin/files'))).toEqual(['GET /api/admin/files']);

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByText('popular.zip')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('file-5.txt')).toBeInTheDocument();

    // One request per tab, each when its tab opened; nothing for tabs never opened.
    expect(adminCalls(calls)).toEqual([
      'GET /api/admin/stats',
      'GET /api/admin/users/stats',
      'GET /api/admin/files',
      'GET /api/admin/files/top',
      'GET /api/admin/activity',
    ]);
  });

  it('moves between tabs with the arrow keys and keeps the tab in the URL', async () => {
    const user = userEvent.setup();
    adminServer();
    const { router } = await openAdmin('/admin?tab=users');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: 'Analytics' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=analytics');
  });

  it('shows the overview figures, physical against logical storage and the savings', async () => {
    adminServer();
    await openAdmin();
    expect(await screen.findByText('Total Files')).toBeInTheDocument();
    for (const [label, value] of [
      ['Total Users', '3'],
      ['Storage Used', '3 MB'],
      ['Total Downloads', '42'],
      ['Space saved', '1 MB'],
      ['Savings', '25.0%'],
    ]) {
      expect(screen.getByText(label!).nextElementSibling).toHaveTextContent(value!);
    }
    expect(screen.getByText('4 MB before deduplication')).toBeInTheDocument();
    expect(screen.getByText('Storage by user')).toBeInTheDocument();
    expect(await screen.findByText('alice: 900 MB')).toBeInTheDocument();
    expect(screen.getByText('1,234').nextElementSibling).toHaveTextContent('7 public, 12 in Trash');
    // 15 days with 1 download each, 10 days of 1 upload and 10 of 2.
    expect(screen.getByText('30 uploads and 15 downloads in 30 days')).toBeInTheDocument();
  });

  it('says one upload and one download in the singular', async () => {
    const day = (date: string, uploads: number, downloads: number) => ({ date, uploads, downloads });
    adminServer({ 'GET /api/admin/stats': { body: { ...stats, stats: { ...stats.stats, trash_files: 0 }, timeline: [day('2024-01-01', 1, 0), day('2024-01-02', 0, 1)] } } });
    await openAdmin();
    expect(await screen.findByText('1 upload and 1 download in 30 days')).toBeInTheDocument();
    expect(screen.getByText('1,234').nextElementSibling).toHaveTextContent(/^7 public$/);
  });
});

describe('All Files tab', () => {
  it('marks files public through a folder or shared by name as the file lists do', async () => {
    adminServer({
      'GET /api/admin/files': {
        body: {
          files: [file(11, { visibility: { kind: 'public_folder', folder_id: 4, folder_name: 'Photos' } }), file(12, { visibility: { kind: 'shared', users: null } }), file(13)],
          total: 3,
          page: 1,
        },
      },
    });
    await openAdmin('/admin?tab=files');
    const row = async (id: number) => (await screen.findByText(`report-${id}.pdf`)).closest('tr')!;
    expect(within(await row(11)).getByTitle('Public through the folder Photos')).toHaveTextContent('PUBLIC');
    expect(within(await row(12)).getByTitle('Shared with people by name')).toHaveTextContent('SHARED');
    expect(await row(13)).not.toHaveTextContent(/PUBLIC|SHARED|PRIVATE/);
  });

  it('deletes a file after the exact confirmation', async () => {
    const user = userEvent.setup();
    const deleted: number[] = [];
    adminServer({
      'DELETE /api/admin/files/12': () => {
        deleted.push(12);
        return { status: 204 };
      },
    });
    await openAdmin('/admin?tab=files');
    const row = (await screen.findByText('report-12.pdf')).closest('tr')!;
    expect(within(row).getByText('bob')).toBeInTheDocument();
    expect(within(row).getByText('DEDUPED ×2')).toBeInTheDocument();
    expect(within(row).getByText('PUBLIC')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete report-12.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “report-12.pdf”?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this file? This action cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    expect(deleted).toEqual([12]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when a delete fails', async () => {
    const user = userEvent.setup();
    adminServer({ 'DELETE /api/admin/files/11': { status: 404, body: { error: 'File not found' } } });
    await openAdmin('/admin?tab=files');
    await user.click(await screen.findByRole('button', { name: 'Delete report-11.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete file')).toBeInTheDocument();
    expect(screen.getByText('File not found')).toBeInTheDocument();
  });

  it('searches, sorts and pages through 50 files at a time', async () => {
    const user = userEvent.setup();
    const { calls } = adminServer({
      'GET /api/admin/files': (req) => ({
        body: { files: [file(Number(req.query.get('page')) * 100)], total: 120 },
      }),
    });
    await openAdmin('/admin?tab=files');
    expect(await screen.findByText('report-100.pdf')).toBeInTheDocument();
    const lastQuery = () => Object.fromEntries(calls.filter((c) => c.path === '/api/admin/files').at(-1)!.query);
    expect(lastQuery()).toEqual({ page: '1', limit: '50', sort_by: 'created_at', sort_order: 'desc' });
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Showing 1–50 of 120 files');
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('report-200.pdf')).toBeInTheDocument();
    expect(lastQuery().page).toBe('2');

    await user.type(screen.getByRole('searchbox', { name: 'Search files by name, content or tag' }), 'quarterly{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', search: 'quarterly' }));

    await user.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort_by: 'file_size', sort_order: 'desc', search: 'quarterly' }));
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('downloads in a new tab through a signed link', async () => {
    const user = userEvent.setup();
    const tab = { opener: {} };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { calls } = adminServer({
      'POST /api/files/11/download-link': { body: { url: '/api/files/11/download?dl=signed', expires_at: '2024-01-01T00:01:00.000Z' } },
    });
    await openAdmin('/admin?tab=files');
    await user.click(await screen.findByRole('button', { name: 'Download report-11.pdf' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/api/files/11/download?dl=signed', '_blank'));
    expect(tab.opener).toBeNull();
    expect(calls.find((c) => c.path === '/api/files/11/download-link')?.method).toBe('POST');
  });

  it('downloads from the page when the new tab is blocked, and reports a failed link', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href')!);
    });
    adminServer({
      'POST /api/files/11/download-link': { body: { url: '/api/files/11/download?dl=signed', expires_at: '2024-01-01T00:01:00.000Z' } },
      'POST /api/files/12/download-link': { status: 404, body: { error: 'File not found' } },
    });
    await openAdmin('/admin?tab=files');
    await user.click(await screen.findByRole('button', { name: 'Download report-11.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['/api/files/11/download?dl=signed']));
    await user.click(screen.getByRole('button', { name: 'Download report-12.pdf' }));
    expect((await screen.findAllByText('File not found'))[0]).toBeInTheDocument();
  });

  it('shows rows as cards on a narrow screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    const { calls } = adminServer();
    await openAdmin('/admin?tab=files');
    const list = await screen.findByRole('list', { name: 'All files' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByText('report-11.pdf').closest('li')!;
    expect(within(card).getByText('Uploader').nextElementSibling).toHaveTextContent('alice');
    expect(within(card).getByRole('button', { name: 'Delete report-11.pdf' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort files' }), 'Smallest first');
    await waitFor(() =>
      expect(Object.fromEntries(calls.filter((c) => c.path === '/api/admin/files').at(-1)!.query)).toMatchObject({ sort_by: 'file_size', sort_order: 'asc' }),
    );
  });
});

describe('Users tab', () => {
  it('shows usage against the quota and saves a new quota', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    adminServer({
      'PUT /api/admin/users/2': (req) => {
        puts.push(req.body);
        return { body: { user: userRow({ storage_quota_mb: 2048 }) } };
      },
    });
    await openAdmin('/admin?tab=users');
    const meter = await screen.findByRole('meter', { name: 'Storage used by alice' });
    expect(meter).toHaveAttribute('aria-valuetext', '87.9% of 1\u00a0GB');

    await user.click(screen.getByRole('button', { name: 'Edit alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit alice' });
    const quota = within(dialog).getByLabelText('Storage quota (MB)');
    await user.clear(quota);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Quota must be a number of MB')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.type(quota, '2048');
    await user.click(within(dialog).getByLabelText('Administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('alice updated successfully')).toBeInTheDocument();
    expect(puts).toEqual([{ storage_quota_mb: 2048, is_admin: true }]);
  });

  it('keeps a quota being typed when the user list refreshes under the editor', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    let listed = 0;
    adminServer({
      // From the second read on, alice has one file fewer: her row is a new object.
      'GET /api/admin/users/stats': () => ({ body: { users: listed++ === 0 ? users : [userRow({ file_count: 3 }), users[1]] } }),
      'PUT /api/admin/users/2': (req) => {
        puts.push(req.body);
        return { body: { user: userRow({ storage_quota_mb: 5 }) } };
      },
    });
    const { queryClient } = await openAdmin('/admin?tab=users');
    await user.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit alice' });
    const quota = within(dialog).getByLabelText('Storage quota (MB)');
    await user.clear(quota);
    await user.type(quota, '5');

    // Another admin's change (here: a file deleted) refetches the list.
    await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    expect(await within(dialog).findByText('Currently storing 900 MB in 3 files.')).toBeInTheDocument();
    expect(quota).toHaveValue(5);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts).toEqual([{ storage_quota_mb: 5 }]));
  });

  it('does not let admins remove their own admin flag', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    adminServer({
      'PUT /api/admin/users/1': (req) => {
        puts.push(req.body);
        return { body: { user: users[1] } };
      },
    });
    await openAdmin('/admin?tab=users');
    await user.click(await screen.findByRole('button', { name: 'Edit root' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit root' });
    expect(within(dialog).getByLabelText('Administrator')).toBeDisabled();
    expect(within(dialog).getByText('You cannot remove your own administrator access.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts).toEqual([{ storage_quota_mb: 1024 }]));
  });

  it('creates an account and shows its temporary password once; a refusal keeps the form', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    adminServer({
      'POST /api/admin/users': (req) => {
        posts.push(req.body);
        if ((req.body as { username: string }).username === 'alice') return { status: 409, body: { error: 'Username already taken' } };
        return { status: 201, body: { user: userRow({ id: 3, username: 'carol', email: 'carol@example.com', used_storage_bytes: 0, file_count: 0 }), temporary_password: 'Kp3xQ7mRt9WcZb2N' } };
      },
    });
    await openAdmin('/admin?tab=users');
    await user.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = screen.getByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/Username/), 'alice');
    await user.type(within(dialog).getByLabelText(/E-mail/), 'a2@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Username already taken')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Username/));
    await user.type(within(dialog).getByLabelText(/Username/), 'carol');
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.type(within(dialog).getByLabelText(/E-mail/), 'carol@example.com');
    await user.click(within(dialog).getByLabelText('Administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByTestId('temporary-password')).toHaveTextContent('Kp3xQ7mRt9WcZb2N');
    expect(within(dialog).getByText(/carol must change it/)).toBeInTheDocument();
    expect(posts).toEqual([
      { username: 'alice', email: 'a2@example.com', is_admin: false },
      { username: 'carol', email: 'carol@example.com', is_admin: true },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when saving fails', async () => {
    const user = userEvent.setup();
    adminServer({ 'PUT /api/admin/users/2': { status: 404, body: { error: 'User not found' } } });
    await openAdmin('/admin?tab=users');
    await user.click(await screen.findByRole('button', { name: 'Edit alice' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(screen.getByRole('dialog')).findByText('User not found')).toBeInTheDocument();
  });
});

describe('Analytics and Activity tabs', () => {
  it('ranks the top downloaded files from 1', async () => {
    adminServer();
    await openAdmin('/admin?tab=analytics');
    const list = await screen.findByRole('list', { name: 'Top downloaded files' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => /^Rank (\d+)/.exec(i.textContent ?? '')?.[1])).toEqual(['1', '2', '3']);
    expect(items[0]).toHaveTextContent('popular.zip');
    expect(items[0]).toHaveTextContent('30 downloads');
    expect(items[2]).toHaveTextContent('1 download');
  });

  it('labels each kind of event and pages back in time', async () => {
    const user = userEvent.setup();
    const firstPage = [
      activityRow(40, { type: 'admin_delete', username: 'root', file_name: 'gone.pdf', detail: 'owner: alice' }),
      activityRow(39, { type: 'login_failed', username: null, file_name: null, file_id: null, detail: 'mallory' }),
      activityRow(38, { type: 'user_disabled', username: null, file_name: null, file_id: null, detail: 'bob' }),
      ...Array.from({ length: 17 }, (_, i) => activityRow(37 - i)),
    ];
    const { calls } = adminServer({
      'GET /api/admin/activity': (req) =>
        req.query.get('before') === '21'
          ? { body: { activity: [activityRow(20, { type: 'download', file_name: 'oldest.txt' })] } }
          : { body: { activity: firstPage } },
    });
    await openAdmin('/admin?tab=activity');
    await user.click(await screen.findByRole('button', { name: 'Full audit log' }));
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    await within(list).findByText('gone.pdf');
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Admin delete');
    expect(first).toHaveTextContent('root deleted gone.pdf as administrator');
    expect(first).toHaveTextContent('owner: alice');
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Failed sign-in as mallory');
    // Done at the server's command line, which is no account.
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('The command line disabled a user');

    await user.click(screen.getByRole('button', { name: 'Load older activity' }));
    expect(await screen.findByText('oldest.txt')).toBeInTheDocument();
    const fullLog = calls.filter((c) => c.path === '/api/admin/activity' && c.query.getAll('type').length === 0);
    expect(fullLog.map((c) => c.query.get('before'))).toEqual([null, '21']);
    expect(screen.getByText('That is the beginning of the log.')).toBeInTheDocument();
  });

  it('says who sent a file through a file request, into whose, and which downloads came through a share link', async () => {
    const request = { kind: 'file_request', link_id: 3, label: 'Tax papers', visitor: 'Bob Visitor' } as const;
    adminServer({
      'GET /api/admin/activity': {
        body: {
          activity: [
            activityRow(5, { file_name: 'scan.pdf', username: 'alice', via: request }),
            activityRow(4, { file_name: 'note.txt', username: 'alice', via: { ...request, label: null, visitor: null } }),
            activityRow(3, { type: 'download', file_name: 'plan.pdf', username: null, via: { kind: 'share_link', link_id: 2, label: 'for Anna', visitor: null } }),
            activityRow(2, { type: 'download', file_name: 'map.png', username: null, via: { kind: 'share_link', link_id: 1, label: null, visitor: null } }),
            activityRow(1, { type: 'download', file_name: 'open.txt', username: null }),
          ],
        },
      },
    });
    await openAdmin('/admin?tab=activity');
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Bob Visitor uploaded scan.pdf into alice’s file request “Tax papers”',
      'A visitor uploaded note.txt into alice’s file request',
      'plan.pdf was downloaded through a share link “for Anna”',
      'map.png was downloaded through a share link',
      'open.txt was downloaded through its public link',
    ]);
  });

  it('shows uploads and downloads by default, asking the server for those kinds only', async () => {
    const { calls } = adminServer({
      'GET /api/admin/activity': { body: { activity: [activityRow(7, { type: 'upload', file_name: 'new.txt' })] } },
    });
    await openAdmin('/admin?tab=activity');
    expect(await screen.findByText('new.txt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uploads and downloads' })).toHaveAttribute('aria-pressed', 'true');
    const asked = calls.filter((c) => c.path === '/api/admin/activity');
    expect(asked.map((c) => c.query.getAll('type'))).toEqual([['upload', 'download']]);
  });
});
