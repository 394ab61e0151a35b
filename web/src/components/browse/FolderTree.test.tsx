import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockRequest } from '../../test/fetch-mock';
import { dropOn, itemsTransfer } from '../../test/drag';
import { makeFolder } from '../../test/folders';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { FolderTree, type FolderTreeProps } from './FolderTree';

const projects = makeFolder({ id: 1, name: 'Projects', subfolder_count: 2 });
const photos = makeFolder({ id: 2, name: 'Photos' });
const campaign = makeFolder({ id: 10, name: 'Campaign', parent_id: 1, subfolder_count: 1, path: [{ id: 1, name: 'Projects' }, { id: 10, name: 'Campaign' }] });
const website = makeFolder({ id: 11, name: 'Website', parent_id: 1, path: [{ id: 1, name: 'Projects' }, { id: 11, name: 'Website' }] });
const assets = makeFolder({ id: 20, name: 'Assets', parent_id: 10, path: [...campaign.path, { id: 20, name: 'Assets' }] });
const CHILDREN: Record<string, object[]> = { root: [projects, photos], '1': [campaign, website], '10': [assets] };

const folderCalls = (calls: MockRequest[]) => calls.filter((c) => c.path === '/api/folders').map((c) => c.query.get('parent_id'));

function show(props: Omit<FolderTreeProps, 'userId'> = { current: null }, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(makeUser({ id: 7 }));
  const fetches = mockFetch({
    'GET /api/folders': ({ query }) => {
      const folders = CHILDREN[query.get('parent_id') ?? ''] ?? [];
      return { body: { folders, total: folders.length } };
    },
    ...routes,
  });
  const view = renderUi(<FolderTree {...props} userId={7} />, '/dashboard');
  return { ...fetches, ...view, user: userEvent.setup() };
}

const item = (name: string) => screen.getByRole('treeitem', { name });

describe('FolderTree', () => {
  it('loads the top level, then each folder\'s children only when it is opened', async () => {
    const { calls, user } = show();
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    expect(within(tree).getAllByRole('treeitem').map((i) => i.getAttribute('aria-label'))).toEqual(['Projects', 'Photos']);
    expect(item('Projects')).toHaveAttribute('aria-expanded', 'false');
    // A folder without subfolders has nothing to open.
    expect(item('Photos')).not.toHaveAttribute('aria-expanded');
    expect(folderCalls(calls)).toEqual(['root']);

    await user.click(screen.getByTestId('toggle-1'));
    expect(await screen.findByRole('treeitem', { name: 'Campaign' })).toHaveAttribute('aria-level', '2');
    expect(item('Projects')).toHaveAttribute('aria-expanded', 'true');
    expect(folderCalls(calls)).toEqual(['root', '1']);
    expect(screen.getByRole('group', { name: 'Projects' })).toBeInTheDocument();

    // Closed again, the children go; reopened, they show at once from the cache.
    await user.click(screen.getByTestId('toggle-1'));
    expect(screen.queryByRole('treeitem', { name: 'Campaign' })).not.toBeInTheDocument();
    await user.click(screen.getByTestId('toggle-1'));
    expect(screen.getByRole('treeitem', { name: 'Campaign' })).toBeInTheDocument();
  });

  it('is operated from the keyboard: arrows, Home, End and Enter', async () => {
    const { user, router } = show();
    await screen.findByRole('tree');
    // The heading link, then one tab stop in the tree: the first folder.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Folders' })).toHaveFocus();
    await user.tab();
    expect(item('Projects')).toHaveFocus();
    expect(item('Photos')).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('treeitem', { name: 'Campaign' })).toBeInTheDocument();
    expect(item('Projects')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('Campaign')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Website')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Photos')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    // Left on a folder with nothing open goes up to its parent; on an open one it closes it.
    expect(item('Projects')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('Projects')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: 'Website' })).not.toBeInTheDocument();
    await user.keyboard('{End}');
    expect(item('Photos')).toHaveFocus();
    expect(item('Photos')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{Home}');
    expect(item('Projects')).toHaveFocus();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/folders/2');

    // A tab stop closed away with its parent passes to the first folder.
    await user.keyboard('{Home}{ArrowRight}');
    await user.keyboard('{ArrowDown}');
    expect(item('Campaign')).toHaveFocus();
    fireEvent.click(screen.getByTestId('toggle-1'));
    await waitFor(() => expect(item('Projects')).toHaveAttribute('tabindex', '0'));
  });

  it('opens the folder on screen and those above it, highlights it, and remembers what is open', async () => {
    const onCampaign = show({ current: campaign });
    expect(await screen.findByRole('treeitem', { name: 'Assets' })).toHaveAttribute('aria-level', '3');
    expect(item('Campaign')).toHaveAttribute('aria-expanded', 'true');
    onCampaign.unmount();
    localStorage.clear();

    const first = show({ current: assets });
    expect(await screen.findByRole('treeitem', { name: 'Assets' })).toHaveAttribute('aria-selected', 'true');
    expect(item('Projects')).toHaveAttribute('aria-selected', 'false');
    expect(within(item('Assets')).getByRole('link', { name: 'Assets' })).toHaveAttribute('aria-current', 'page');
    expect(item('Assets')).toHaveAttribute('tabindex', '0');
    expect(folderCalls(first.calls).sort()).toEqual(['1', '10', 'root']);
    await first.user.click(screen.getByTestId('toggle-10'));
    expect(screen.queryByRole('treeitem', { name: 'Assets' })).not.toBeInTheDocument();
    first.unmount();

    // Elsewhere (the dashboard) the tree opens as it was left: Projects open, Campaign closed.
    const second = show({ current: null });
    expect(await screen.findByRole('treeitem', { name: 'Campaign' })).toHaveAttribute('aria-expanded', 'false');
    expect(item('Projects')).toHaveAttribute('aria-expanded', 'true');
    expect(folderCalls(second.calls).sort()).toEqual(['1', 'root']);
  });

  it('moves files and folders dropped onto a folder or the heading, and shows a refusal', async () => {
    let results = [{ id: 5, kind: 'file', ok: true }];
    const { calls } = show({ current: null }, { 'POST /api/files/bulk': () => ({ body: { results } }) });
    await screen.findByRole('tree');
    const row = within(item('Photos')).getByRole('link', { name: 'Photos' }).parentElement!;
    fireEvent.dragEnter(row, { dataTransfer: itemsTransfer({ file_ids: [5], folder_ids: [] }) });
    expect(row).toHaveClass('ring-2');
    fireEvent.drop(row, { dataTransfer: itemsTransfer({ file_ids: [5], folder_ids: [] }) });
    expect(row).not.toHaveClass('ring-2');
    expect(await screen.findByText('1 item moved to Photos')).toBeInTheDocument();

    // A folder onto its own subfolder: the server refuses, and says why.
    await userEvent.setup().click(screen.getByTestId('toggle-1'));
    results = [{ id: 1, kind: 'folder', ok: false, error: 'A folder cannot be moved into itself or one of its subfolders' } as never];
    dropOn(within(await screen.findByRole('treeitem', { name: 'Website' })).getByRole('link').parentElement!, itemsTransfer({ file_ids: [], folder_ids: [1] }));
    expect(await screen.findByText('A folder cannot be moved into itself or one of its subfolders')).toBeInTheDocument();

    dropOn(screen.getByRole('link', { name: 'Folders' }), itemsTransfer({ file_ids: [], folder_ids: [10] }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/files/bulk')).toHaveLength(3));
    expect(calls.filter((c) => c.path === '/api/files/bulk').map((c) => c.body)).toEqual([
      { action: 'move', file_ids: [5], folder_ids: [], folder_id: 2 },
      { action: 'move', file_ids: [], folder_ids: [1], folder_id: 11 },
      { action: 'move', file_ids: [], folder_ids: [10], folder_id: null },
    ]);
  });
});
