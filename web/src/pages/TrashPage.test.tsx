import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrashItem, TrashList, TrashResult } from '@vault/contract';
import { mockFetch, type MockReply, type MockRequest, type MockResponse } from '../test/fetch-mock';
import { MIB } from '../lib/bytes';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const alice = makeUser({ id: 7, username: 'alice' });
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY - 60_000).toISOString();

function item(overrides: Partial<TrashItem> & Pick<TrashItem, 'kind' | 'id' | 'name'>): TrashItem {
  return {
    original_folder_id: null,
    original_path: null,
    trashed_at: '2026-11-20T09:07:30.000Z',
    purge_at: inDays(25),
    size: 2048,
    mime_type: overrides.kind === 'file' ? 'application/pdf' : null,
    file_count: 0,
    folder_count: 0,
    ...overrides,
  };
}

const report = item({ kind: 'file', id: 1, name: 'report.pdf', original_folder_id: 4, original_path: 'Projects / 2026' });
const orphan = item({ kind: 'file', id: 2, name: 'notes.txt', mime_type: 'text/plain', original_folder_id: 9, purge_at: inDays(2) });
const photos = item({ kind: 'folder', id: 1, name: 'Photos', size: 3 * MIB, file_count: 12, folder_count: 2 });
const full: TrashList = { items: [report, orphan, photos], total_bytes: 3 * MIB + 4096, days: 30 };

function signedIn(trash: TrashList | MockReply = full, routes: Record<string, MockReply> = {}, trashDays = 30) {
  storeSession(alice);
  return mockFetch({
    'GET /api/auth/me': { body: { user: alice } },
    'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true, trash_days: trashDays } },
    'GET /api/trash': 'items' in trash ? { body: trash } : trash,
    ...routes,
  });
}

const cards = async () => within(await screen.findByRole('list', { name: 'Items in Trash' })).getAllByRole('listitem');
const card = async (name: string) => (await cards()).find((c) => within(c).queryByText(name, { exact: false }))!;
const posts = (calls: MockRequest[], path: string) => calls.filter((c) => c.path === path && c.method !== 'GET').map((c) => c.body ?? c.method);

/** Answers each item named with ok, except those listed as failing. */
function results(failing: Record<string, string> = {}) {
  return (request: MockRequest): MockResponse => {
    const body = request.body as { file_ids: number[]; folder_ids: number[] };
    const named = [...body.file_ids.map((id) => ['file', id] as const), ...body.folder_ids.map((id) => ['folder', id] as const)];
    const answers: TrashResult[] = named.map(([kind, id]) => {
      const error = failing[`${kind}:${id}`];
      return error ? { kind, id, ok: false, error } : { kind, id, ok: true };
    });
    return { body: { results: answers } };
  };
}

describe('TrashPage', () => {
  it('lists each item with its place, deletion date, size and when it goes for good', async () => {
    signedIn();
    renderApp('/trash');
    expect(await screen.findByRole('heading', { name: 'Trash' })).toBeInTheDocument();
    expect(screen.getByText('Deleted files and folders stay here for 30 days, then they are deleted for good.')).toBeInTheDocument();
    expect(await screen.findByText('3 items, 3 MB in all')).toBeInTheDocument();

    const [first, second, third] = await cards();
    expect(within(first!).getByRole('link', { name: 'Projects / 2026' })).toHaveAttribute('href', '/folders/4');
    expect(first).toHaveTextContent('report.pdf (File)');
    expect(first).toHaveTextContent('2 KB');
    expect(first).toHaveTextContent('25 days left');
    expect(first).toHaveTextContent('Nov 20, 09:07');
    // The folder it was in is gone: Restore puts it at the top level.
    expect(second).toHaveTextContent('Its folder was deleted: it will be restored to the top level');
    expect(second).toHaveTextContent('2 days left');
    expect(third).toHaveTextContent('Photos (Folder)');
    expect(third).toHaveTextContent('Top level');
    expect(third).toHaveTextContent('12 files, 2 folders, 3 MB');
    expect(within(third!).getByRole('button', { name: 'Restore Photos' })).toBeInTheDocument();
    expect(within(third!).getByRole('button', { name: 'Delete Photos forever' })).toBeInTheDocument();
    expect(document.title).toBe('Trash · Vault');
  });

  it('restores one item and says so', async () => {
    let trash = full;
    const { calls } = signedIn(() => ({ body: trash }), {
      'POST /api/trash/restore': (request) => {
        trash = { ...full, items: [orphan, photos] };
        return results()(request);
      },
    });
    const user = userEvent.setup();
    renderApp('/trash');
    await user.click(within(await card('report.pdf')).getByRole('button', { name: 'Restore report.pdf' }));
    expect(await screen.findByText('1 item restored')).toBeInTheDocument();
    expect(posts(calls, '/api/trash/restore')).toEqual([{ file_ids: [1], folder_ids: [] }]);
    await waitFor(() => expect(screen.queryByText('report.pdf', { exact: false })).not.toBeInTheDocument());
  });

  it('restores a selection and names each item that could not come back, with its reason', async () => {
    const { calls } = signedIn(full, { 'POST /api/trash/restore': results({ 'folder:1': 'Restoring this folder would exceed your storage quota' }) });
    const user = userEvent.setup();
    renderApp('/trash');
    await user.click(await screen.findByRole('checkbox', { name: 'Select report.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Photos' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected items' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('1 item restored')).toBeInTheDocument();
    expect(screen.getByText('1 item could not be restored')).toBeInTheDocument();
    expect(screen.getByText('Photos: Restoring this folder would exceed your storage quota')).toBeInTheDocument();
    expect(posts(calls, '/api/trash/restore')).toEqual([{ file_ids: [1], folder_ids: [1] }]);
  });

  it('asks before deleting forever, saying it cannot be undone', async () => {
    const { calls } = signedIn(full, { 'POST /api/trash/delete': results() });
    const user = userEvent.setup();
    renderApp('/trash');
    await user.click(within(await card('Photos')).getByRole('button', { name: 'Delete Photos forever' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Photos” forever?' });
    expect(dialog).toHaveTextContent('It is deleted for good, with everything in it. This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(calls, '/api/trash/delete')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Select all items in Trash' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected items' })).getByRole('button', { name: 'Delete forever' }));
    const many = await screen.findByRole('dialog', { name: 'Delete 3 items forever?' });
    expect(many).toHaveTextContent('These 3 items are deleted for good, with everything in them. This action cannot be undone.');
    await user.click(within(many).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('3 items deleted for good')).toBeInTheDocument();
    expect(posts(calls, '/api/trash/delete')).toEqual([{ file_ids: [1, 2], folder_ids: [1] }]);
  });

  it('empties Trash after asking, then shows the empty state', async () => {
    let trash = full;
    const { calls } = signedIn(() => ({ body: trash }), {
      'DELETE /api/trash': () => {
        trash = { ...full, items: [], total_bytes: 0 };
        return { body: { files: 14, folders: 3, bytes: full.total_bytes } };
      },
    });
    const user = userEvent.setup();
    renderApp('/trash');
    await user.click(await screen.findByRole('button', { name: 'Empty trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty trash?' });
    expect(dialog).toHaveTextContent('All 3 items in Trash are deleted for good (3 MB). This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Empty trash' }));
    expect(await screen.findByText('Trash emptied: 17 items deleted for good')).toBeInTheDocument();
    expect(posts(calls, '/api/trash')).toEqual(['DELETE']);
    expect(await screen.findByText('Trash is empty.')).toBeInTheDocument();
    expect(screen.getByText('Deleted files and folders stay here for 30 days.')).toBeInTheDocument();
  });

  it('says Trash is off when deleting is permanent, without asking for it', async () => {
    const { calls } = signedIn(full, {}, 0);
    renderApp('/trash');
    expect(await screen.findByText('Trash is off')).toBeInTheDocument();
    expect(screen.getByText('Deleting is permanent on this installation: deleted files and folders do not go to Trash.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/trash')).toBe(false);
  });
});
