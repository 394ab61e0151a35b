import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endedListRoutes } from '../../test/ended-lists';
import { mockFetch } from '../../test/fetch-mock';
import { makeFolder } from '../../test/folders';
import { renderUi } from '../../test/render-ui';
import { storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';
import { MyFileRequests } from './MyFileRequests';
import { makeFileRequest } from '../../test/file-requests';


describe('MyFileRequests', () => {
  it('says when what arrives is not private, in the list and as the request is made', async () => {
    storeSession(makeUser({ id: 7, username: 'alice' }));
    const created = makeFileRequest({ id: 6, folder_reach: 'public' });
    mockFetch({
      'GET /api/requests': { body: { requests: [makeFileRequest({ id: 4, folder: { id: 8, name: 'Team' }, folder_reach: 'users' }), makeFileRequest()] } },
      'GET /api/folders': { body: { folders: [makeFolder({ id: 9, name: 'Inbox', is_public: true })], total: 1 } },
      'POST /api/requests': { status: 201, body: { request: created } },
    });
    renderUi(<MyFileRequests />);
    const team = (await screen.findByText('Into Team')).closest('li')!;
    expect(within(team).getByText(/Visible to the folder’s users/)).toBeInTheDocument();
    const inbox = screen.getByText('Into Inbox').closest('li')!;
    expect(within(inbox).queryByText(/Visible/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New file request' }));
    const dialog = screen.getByRole('dialog', { name: 'New file request' });
    await user.selectOptions(await within(dialog).findByLabelText(/Into folder/), 'Inbox');
    expect(within(dialog).getByLabelText('Maximum number of files (optional)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Total size limit in MB (optional)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create request' }));
    expect(await within(dialog).findByText('Files sent here are not private: “Inbox” is public, so anyone can open them.')).toBeInTheDocument();
  });
  it('removes ended requests for good after asking, one or all of them, saying their files stay; an open one has no Remove', async () => {
    storeSession(makeUser({ id: 7, username: 'alice' }));
    const requests = [
      makeFileRequest(),
      makeFileRequest({ id: 6, state: 'revoked', folder: { id: 8, name: 'Scans' } }),
      makeFileRequest({ id: 7, state: 'exhausted', folder: { id: 10, name: 'Forms' } }),
      makeFileRequest({ id: 8, state: 'expired', folder: { id: 11, name: 'Photos' } }),
    ];
    const { calls } = mockFetch(endedListRoutes('/api/requests', 'requests', requests, 6));
    renderUi(<MyFileRequests />);
    const user = userEvent.setup();
    await screen.findByText('Into Scans');
    expect(screen.queryByRole('button', { name: 'Remove request into Inbox' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove request into Scans' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this file request?' });
    expect(ask).toHaveTextContent('The file request into “Scans” has ended. Removing it takes it off your list for good; the files it received stay in the folder.');
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Into Scans')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove ended requests' }));
    const all = await screen.findByRole('dialog', { name: 'Remove ended file requests?' });
    expect(all).toHaveTextContent('2 file requests are closed, expired or full.');
    await user.click(within(all).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Into Forms')).toBeNull());
    expect(screen.getByText('Into Inbox')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove ended requests' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/requests/ended/6', '/api/requests/ended']);
  });
});
