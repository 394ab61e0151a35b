import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockRequest } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { makeFolder } from '../../test/folders';
import { renderApp, storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';

const CONFIG = { 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['txt'], registration_open: true, trash_days: 30 } } };
const projects = makeFolder({ id: 1, name: 'Projects', subfolder_count: 3, file_count: 1 });
const inProjects = (id: number, name: string) => makeFolder({ id, name, parent_id: 1, path: [{ id: 1, name: 'Projects' }, { id, name }] });
const subfolders = [inProjects(2, 'Alpha'), inProjects(3, 'Beta'), inProjects(4, 'Gamma')];
const report = makeFile({ id: 50, original_name: 'report.txt', mime_type: 'text/plain', user_id: 7, folder_id: 1 });

function open(user = makeUser()) {
  storeSession(user);
  const fetches = mockFetch({
    ...CONFIG,
    'GET /api/auth/me': { body: { user } },
    'GET /api/folders/1': { body: { folder: projects } },
    'GET /api/folders': ({ query }) => (query.get('parent_id') === '1' ? { body: { folders: subfolders, total: 3 } } : { body: { folders: [projects, ...subfolders], total: 4 } }),
    'GET /api/files': { body: { files: [report], total: 1, page: 1, limit: 20 } },
    'POST /api/files/bulk': ({ body }) => {
      const { file_ids, folder_ids } = body as { file_ids: number[]; folder_ids: number[] };
      return { body: { results: [...file_ids.map((id) => ({ id, kind: 'file', ok: true })), ...folder_ids.map((id) => ({ id, kind: 'folder', ok: true }))] } };
    },
    'POST /api/downloads': { body: { url: '/api/downloads/token' } },
  });
  return { ...fetches, ...renderApp('/folders/1'), user: userEvent.setup() };
}

const bar = () => screen.queryByRole('toolbar', { name: 'Selected files' });
const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;
const barButtons = () => within(bar()!).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'));
const bulkCalls = (calls: MockRequest[]) => calls.filter((c) => c.path === '/api/files/bulk').map((c) => c.body);

describe('folders in the selection', () => {
  it('selects cards by checkbox, Ctrl-click and Shift-click, with the files; Tags leave while a folder is selected', async () => {
    const { user, router } = open();
    // The page's module compiles on first use: on a busy machine that takes a while.
    await screen.findByRole('link', { name: 'Gamma' }, { timeout: 15_000 });
    await user.click(await screen.findByRole('checkbox', { name: 'Select report.txt' }));
    expect(barButtons()).toEqual(['Move', 'Copy', 'Tags', 'Download zip', 'Delete', 'Clear selection']);

    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    expect(within(bar()!).getByText('2 selected')).toBeInTheDocument();
    expect(barButtons()).toEqual(['Move', 'Copy', 'Download zip', 'Delete', 'Clear selection']);
    expect(card('Alpha')).toHaveClass('ring-2');

    // Shift-click on a card: the range from the last one clicked. Ctrl-click toggles without opening the folder.
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('link', { name: 'Gamma' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('checkbox', { name: 'Select Beta' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Gamma' })).toBeChecked();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Beta' }));
    await user.keyboard('{/Control}');
    expect(screen.getByRole('checkbox', { name: 'Select Beta' })).not.toBeChecked();
    expect(router.state.location.pathname).toBe('/folders/1');
    expect(within(bar()!).getByText('3 selected')).toBeInTheDocument();

    // Escape in the list clears files and folders alike.
    fireEvent.keyDown(screen.getByText('report.txt'), { key: 'Escape' });
    expect(bar()).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).not.toBeChecked();
  });

  it('moves, zips and deletes folders with files in one request each', async () => {
    const { user, calls } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Select report.txt' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Beta' }));

    await user.click(within(bar()!).getByRole('button', { name: 'Download zip' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/downloads')?.body).toEqual({ file_ids: [50], folder_ids: [3] }));

    await user.click(within(bar()!).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 items' });
    // A folder is not offered as a place to move itself to.
    await within(dialog).findByRole('radio', { name: 'Alpha' });
    expect(within(dialog).queryByRole('radio', { name: 'Beta' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Alpha' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move here' }));
    expect(await screen.findByText('2 items moved to Alpha')).toBeInTheDocument();
    expect(bar()).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select report.txt' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gamma' }));
    await user.click(within(bar()!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 items?' });
    expect(within(confirm).getByText('Are you sure you want to delete these 2 items? They move to Trash, folders with everything in them, and stay there for 30 days.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 items moved to Trash')).toBeInTheDocument();

    expect(bulkCalls(calls)).toEqual([
      { action: 'move', file_ids: [50], folder_ids: [3], folder_id: 2 },
      { action: 'delete', file_ids: [50], folder_ids: [4] },
    ]);
  });

  it('copies folders with files from the bar, and one folder from its card menu, beside itself', async () => {
    const { user, calls } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Select report.txt' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Beta' }));
    await user.click(within(bar()!).getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy 2 items' });
    // Nothing is copied into itself: the folder copied is not offered.
    await within(dialog).findByRole('radio', { name: 'Alpha' });
    expect(within(dialog).queryByRole('radio', { name: 'Beta' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Alpha' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy here' }));
    expect(await screen.findByText('2 items copied to Alpha')).toBeInTheDocument();

    await user.click(within(card('Gamma')).getByRole('button', { name: 'More actions for Gamma' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy…' }));
    const one = await screen.findByRole('dialog', { name: 'Copy Gamma' });
    const here = await within(one).findByRole('radio', { name: /Projects/ });
    expect(here).toBeEnabled();
    await user.click(here);
    await user.click(within(one).getByRole('button', { name: 'Copy here' }));
    expect(await screen.findByText('1 item copied to Projects')).toBeInTheDocument();
    expect(bulkCalls(calls)).toEqual([
      { action: 'copy', file_ids: [50], folder_ids: [3], folder_id: 2 },
      { action: 'copy', file_ids: [], folder_ids: [4], folder_id: 1 },
    ]);
  });

  it('offers no folder checkboxes on a folder someone else owns', async () => {
    open(makeUser({ id: 9, username: 'bob' }));
    await screen.findByRole('link', { name: 'Gamma' });
    expect(screen.queryByRole('checkbox', { name: 'Select Gamma' })).not.toBeInTheDocument();
  });
});
