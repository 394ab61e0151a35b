import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockReply, type MockRequest } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { FileList } from './FileList';

const mine = (id: number, name: string) => makeFile({ id, original_name: name, mime_type: 'text/plain', user_id: 7 });
const files = [mine(1, 'a.txt'), mine(2, 'b.txt'), mine(3, 'c.txt')];
const config = (trashDays: number) => ({ body: { demo: null, max_file_bytes: 1, allowed_types: ['txt'], registration_open: true, trash_days: trashDays } });

function show(trashDays: number, routes: Record<string, MockReply> = {}) {
  storeSession(makeUser({ id: 7 }));
  const fetches = mockFetch({ 'GET /api/config': config(trashDays), ...routes });
  const view = renderUi(<FileList files={files} currentUserId={7} label="Your files" manage />);
  return { ...fetches, ...view, user: userEvent.setup() };
}

const sent = (calls: MockRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).map((c) => c.body ?? null);
const restored = { body: { results: [{ kind: 'file', id: 1, ok: true, name: 'a.txt', folder_id: null }] } };

describe('deleting with Trash on', () => {
  it('says a file stays in Trash for the days set, and Undo on the toast restores it', async () => {
    const { calls, user } = show(30, { 'DELETE /api/files/1': { status: 204 }, 'POST /api/trash/restore': restored });
    await user.click(screen.getByRole('button', { name: 'Delete a.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a.txt?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this file?');
    expect(await within(dialog).findByText('It stays in Trash for 30 days, where you can restore it.')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“a.txt” moved to Trash')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 item restored')).toBeInTheDocument();
    expect(sent(calls, 'DELETE', '/api/files/1')).toEqual([null]);
    expect(sent(calls, 'POST', '/api/trash/restore')).toEqual([{ file_ids: [1], folder_ids: [] }]);
  });

  it('says the selection moves to Trash, and Undo brings back what went', async () => {
    const { calls, user } = show(14, {
      'POST /api/files/bulk': {
        body: {
          results: [
            { kind: 'file', id: 1, ok: true },
            { kind: 'file', id: 2, ok: true },
          ],
        },
      },
      'POST /api/trash/restore': {
        body: {
          results: [
            { kind: 'file', id: 1, ok: true },
            { kind: 'file', id: 2, ok: false, error: 'Restoring this file would exceed your storage quota' },
          ],
        },
      },
    });
    await screen.findByRole('checkbox', { name: 'Select a.txt' });
    await user.click(screen.getByRole('checkbox', { name: 'Select a.txt' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select b.txt' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected files' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 files?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete these 2 files? They move to Trash and stay there for 14 days.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 items moved to Trash')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/files/bulk')).toEqual([{ action: 'delete', file_ids: [1, 2], folder_ids: [] }]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 item restored')).toBeInTheDocument();
    expect(screen.getByText('1 item could not be restored')).toBeInTheDocument();
    expect(screen.getByText('b.txt: Restoring this file would exceed your storage quota')).toBeInTheDocument();
    expect(sent(calls, 'POST', '/api/trash/restore')).toEqual([{ file_ids: [1, 2], folder_ids: [] }]);
  });
});

describe('deleting with Trash off', () => {
  it("keeps today's texts and offers no Undo", async () => {
    const { calls, user } = show(0, { 'DELETE /api/files/1': { status: 204 }, 'POST /api/files/bulk': { body: { results: [{ kind: 'file', id: 2, ok: true }] } } });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Delete a.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a.txt?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this file?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select b.txt' }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Selected files' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete 1 file?' })).toHaveAccessibleDescription('Are you sure you want to delete this file?');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 item deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
