import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockRequest } from '../test/fetch-mock';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';
import { makeFolder } from '../test/folders';

const alice = makeUser({ id: 7, username: 'alice' });
const projects = makeFolder({ id: 1, name: 'Projects', file_count: 3, folder_size: 1536, subfolder_count: 1, is_public: true });
const campaign = makeFolder({ id: 2, name: 'Campaign', parent_id: 1, path: [{ id: 1, name: 'Projects' }, { id: 2, name: 'Campaign' }] });

function signedIn(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(alice);
  return mockFetch({
    'GET /api/auth/me': { body: { user: alice } },
    'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } },
    'GET /api/folders': { body: { folders: [projects, campaign], total: 2 } },
    ...routes,
  });
}

const folderQueries = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/folders').map((c) => c.search.slice(1));

describe('FoldersPage', () => {
  it('lists the folders other users shared under "Shared with me", with their owner', async () => {
    const bobs = makeFolder({ id: 40, name: 'Holiday photos', user_id: 9, username: 'bob', file_count: 2, folder_size: 2048 });
    signedIn({ 'GET /api/shared-with-me': { body: { files: [], folders: [bobs] } } });
    renderApp('/folders');
    const shared = await screen.findByRole('list', { name: 'Shared with me' });
    const card = within(shared).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Holiday photos' })).toHaveAttribute('href', '/folders/40');
    expect(card).toHaveTextContent('Owned by bob');
    expect(card).toHaveTextContent('2 files · 2 KB');
    // Read-only: nothing to edit, move or delete; only the caller's own star.
    expect(within(card).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['More actions for Holiday photos']);
    // The caller's own folders do not name their owner.
    expect(within(screen.getByRole('list', { name: 'Folders' })).queryByText('Owned by alice')).not.toBeInTheDocument();
  });

  it('marks a folder shared by name as shared, with how many people to its owner only', async () => {
    const team = makeFolder({ id: 5, name: 'Team', visibility: { kind: 'shared', users: ['bob', 'carol', 'dave'] } });
    const bobs = makeFolder({ id: 40, name: 'Holiday photos', user_id: 9, username: 'bob', visibility: { kind: 'shared', users: null } });
    const trip = makeFolder({ id: 6, name: 'Trip', parent_id: 1, visibility: { kind: 'public_folder', folder_id: 1, folder_name: 'Projects' } });
    signedIn({ 'GET /api/folders': { body: { folders: [team, trip], total: 2 } }, 'GET /api/shared-with-me': { body: { files: [], folders: [bobs] } } });
    renderApp('/folders');
    const [own, inherited] = within(await screen.findByRole('list', { name: 'Folders' })).getAllByRole('listitem');
    expect(within(own!).getByTitle('Shared with 3 people: bob, carol, dave')).toHaveTextContent('SHARED · 3');
    expect(within(inherited!).getByTitle('Public through the folder Projects')).toHaveTextContent('PUBLIC');
    const shared = within(await screen.findByRole('list', { name: 'Shared with me' })).getByRole('listitem');
    expect(within(shared).getByTitle('Shared with people by name')).toHaveTextContent('SHARED');
    for (const card of [own, inherited, shared]) expect(card).not.toHaveTextContent(/private/i);
  });

  it('says so when nobody shared a folder', async () => {
    signedIn({ 'GET /api/shared-with-me': { body: { files: [], folders: [] } } });
    renderApp('/folders');
    expect(await screen.findByText('Nobody has shared a folder with you yet.')).toBeInTheDocument();
  });

  it('shows every folder with its count, size, visibility, date and place', async () => {
    signedIn();
    renderApp('/folders');
    const grid = await screen.findByRole('list', { name: 'Folders' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/folders/1');
    // Direct contents and the size of the whole subtree, each said for what it is.
    expect(cards[0]).toHaveTextContent('3 files, 1 folder · 1.5 KB in all');
    expect(cards[0]).toHaveTextContent('Public');
    expect(cards[0]).toHaveTextContent('Created Jan 05, 2024');
    expect(cards[1]).toHaveTextContent('Private');
    expect(cards[1]).toHaveTextContent('Inside Projects');
    expect(screen.getByText('2 folders found')).toBeInTheDocument();
  });

  it('refuses a blank name or one with a bidi override without calling the server, then creates the folder', async () => {
    const created: unknown[] = [];
    signedIn({
      'POST /api/folders': (request) => {
        created.push(request.body);
        return { status: 201, body: { folder: makeFolder({ id: 3, name: 'Invoices' }) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/folders');
    await user.click(await screen.findByRole('button', { name: 'New Folder' }));
    await user.type(screen.getByLabelText('Folder name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByText('Please enter a folder name')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Folder name'));
    await user.type(screen.getByLabelText('Folder name'), 'Invoices\u202Efdp.exe');
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByText('Folder names cannot contain slashes or control characters')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.clear(screen.getByLabelText('Folder name'));
    await user.type(screen.getByLabelText('Folder name'), '  Invoices ');
    await user.selectOptions(screen.getByLabelText('Parent folder (optional)'), 'Projects / Campaign');
    await user.click(screen.getByLabelText('Make this folder public'));
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByText('Folder created successfully!')).toBeInTheDocument();
    expect(created).toEqual([{ name: 'Invoices', parent_id: 2, is_public: true }]);
    await waitFor(() => expect(screen.queryByLabelText('Folder name')).not.toBeInTheDocument());
  });

  it('opens the new folder form on n, pressed here or on another page, but not while typing', async () => {
    signedIn({ 'GET /api/auth/stats': { body: {} }, 'GET /api/files/storage/stats': { body: {} }, 'GET /api/files': { body: { files: [], total: 0, page: 1, limit: 20 } } });
    const user = userEvent.setup();
    const { router } = renderApp('/folders');
    await screen.findByRole('list', { name: 'Folders' });
    const search = screen.getByRole('searchbox');
    search.focus();
    await user.keyboard('n');
    expect(search).toHaveValue('n');
    expect(screen.queryByLabelText('Folder name')).not.toBeInTheDocument();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('n');
    expect(await screen.findByLabelText('Folder name')).toBeInTheDocument();

    await router.navigate('/dashboard');
    await waitFor(() => expect(screen.queryByLabelText('Folder name')).not.toBeInTheDocument());
    await user.keyboard('n');
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
    expect(await screen.findByLabelText('Folder name')).toBeInTheDocument();
  });

  it("shows the server's message when creation fails and keeps the form", async () => {
    signedIn({ 'POST /api/folders': { status: 409, body: { error: 'A folder named "Projects" already exists here' } } });
    const user = userEvent.setup();
    renderApp('/folders');
    await user.click(await screen.findByRole('button', { name: 'New Folder' }));
    await user.type(screen.getByLabelText('Folder name'), 'Projects');
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByText('A folder named "Projects" already exists here')).toBeInTheDocument();
    expect(screen.getByLabelText('Folder name')).toHaveValue('Projects');
  });

  it('edits a folder, sending only what changed, and cannot move it below itself', async () => {
    const updates: unknown[] = [];
    signedIn({
      'PUT /api/folders/1': (request) => {
        updates.push(request.body);
        return { body: { folder: { ...projects, name: 'Work' } } };
      },
    });
    const user = userEvent.setup();
    renderApp('/folders');
    await user.click(await screen.findByRole('button', { name: 'Edit Projects' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Folder' });
    const parent = within(dialog).getByLabelText('Parent folder (optional)');
    expect(within(parent).getAllByRole('option').map((o) => o.textContent)).toEqual(['No parent (top level)']);
    expect(within(dialog).getByLabelText('Make this folder public')).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Folder name'));
    await user.type(within(dialog).getByLabelText('Folder name'), 'Work');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Folder updated successfully!')).toBeInTheDocument();
    expect(updates).toEqual([{ name: 'Work' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("falls back to 'Failed to update folder' without a server message", async () => {
    signedIn({ 'PUT /api/folders/2': { status: 500, body: {} } });
    const user = userEvent.setup();
    renderApp('/folders');
    await user.click(await screen.findByRole('button', { name: 'Edit Campaign' }));
    await user.click(screen.getByLabelText('Make this folder public'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update folder')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Folder' })).toBeInTheDocument();
  });

  it('asks before deleting, then deletes', async () => {
    signedIn({ 'DELETE /api/folders/1': { status: 204 } });
    const user = userEvent.setup();
    renderApp('/folders');
    await user.click(await screen.findByRole('button', { name: 'Delete Projects' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this folder? This action cannot be undone.');
    expect(dialog).toHaveTextContent('Its 3 files and 1 subfolder are deleted too.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Folder' }));
    expect(await screen.findByText('Folder deleted successfully!')).toBeInTheDocument();
  });

  it('with Trash on, says what goes to Trash with the folder, and Undo on the toast restores it', async () => {
    const { calls } = signedIn({
      'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true, trash_days: 30 } },
      'GET /api/folders': { body: { folders: [projects, { ...campaign, file_count: 2 }], total: 2 } },
      'DELETE /api/folders/1': { status: 204 },
      'POST /api/trash/restore': { body: { results: [{ kind: 'folder', id: 1, ok: true, name: 'Projects', folder_id: null }] } },
    });
    const user = userEvent.setup();
    renderApp('/folders');
    await user.click(await screen.findByRole('button', { name: 'Delete Projects' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Projects”?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this folder?');
    // Every file and folder below it, at any depth, and the bytes of them all.
    expect(await within(dialog).findByText('It goes to Trash with 5 files and 1 subfolder (1.5 KB) and stays there for 30 days, where you can restore it.')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Folder' }));
    expect(await screen.findByText('Folder “Projects” moved to Trash')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 item restored')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/trash/restore').map((c) => c.body)).toEqual([{ file_ids: [], folder_ids: [1] }]);
  });

  it('searches on Enter, applies sort and visibility at once, and resets', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    const { router } = renderApp('/folders');
    await screen.findByRole('list', { name: 'Folders' });
    await user.type(screen.getByLabelText('Search folders by name'), 'proj{Enter}');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'File Count');
    await user.selectOptions(screen.getByLabelText('Order'), 'Ascending');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'Public only');
    await waitFor(() => expect(router.state.location.search).toBe('?search=proj&sort_by=file_count&sort_order=asc&visibility=public'));
    await waitFor(() => expect(folderQueries(calls)).toContain('search=proj&sort_by=file_count&sort_order=asc&is_public=true'));
    expect(folderQueries(calls)).toContain('sort_by=created_at&sort_order=desc');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Search folders by name')).toHaveValue('');
  });

  it('shows the empty state texts', async () => {
    signedIn({ 'GET /api/folders': { body: { folders: [], total: 0 } } });
    renderApp('/folders');
    expect(await screen.findByText('No folders found')).toBeInTheDocument();
    expect(screen.getByText('Create your first folder to get started')).toBeInTheDocument();
  });
});
