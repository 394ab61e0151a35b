import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockReply, type MockResponse } from '../../test/fetch-mock';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { ShareModal, type ShareTarget } from './ShareModal';

const target: ShareTarget = { kind: 'file', id: 5, name: 'plan.pdf', size: 1_572_864 };

function Harness() {
  const [open, setOpen] = useState(true);
  return <ShareModal open={open} onOpenChange={setOpen} target={target} />;
}

function openShare(routes: Record<string, MockReply>) {
  storeSession(makeUser());
  const fetches = mockFetch(routes);
  renderUi(<Harness />);
  return { ...fetches, user: userEvent.setup() };
}

const people = () => within(screen.getByRole('list', { name: 'Shared with' })).getAllByRole('listitem').map((li) => li.textContent);
const putBodies = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('ShareModal', () => {
  it('starts from the current share state, adds and removes usernames and keeps existing shares on save', async () => {
    const { calls, user } = openShare({
      'GET /api/files/5/share': { body: { is_public: false, shared_users: ['bob'] } },
      'GET /api/share-recipients/carol': { body: { username: 'carol' } },
      'GET /api/share-recipients/dave': { body: { username: 'dave' } },
      'PUT /api/files/5/share': ({ body }) => ({ body }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Share file' });
    expect(dialog).toHaveAccessibleDescription('plan.pdf1.5\u00a0MB');
    expect(await screen.findByRole('radio', { name: /Private/ })).toBeChecked();
    expect(people()).toEqual(['bob']);
    expect(await screen.findByText('Anyone with a link can open this file without an account, while the link lasts.')).toBeInTheDocument();

    const input = screen.getByLabelText('Share with people');
    await user.type(input, '  carol  {Enter}');
    await user.type(input, 'BOB');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(input, 'dave');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(people()).toEqual(['bob', 'carol', 'dave']);
    await user.click(screen.getByRole('button', { name: 'Remove dave' }));
    expect(people()).toEqual(['bob', 'carol']);

    await user.click(screen.getByRole('button', { name: 'Update Sharing' }));
    expect(await screen.findByText('File sharing updated successfully!')).toBeInTheDocument();
    expect(putBodies(calls)).toEqual([{ is_public: false, shared_users: ['bob', 'carol'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('makes a file public with a copyable {origin}/files/{id} link and no named users', async () => {
    const { calls, user } = openShare({
      'GET /api/files/5/share': { body: { is_public: false, shared_users: ['bob'] } },
      'PUT /api/files/5/share': ({ body }) => ({ body }),
    });
    await user.click(await screen.findByRole('radio', { name: /Public/ }));
    expect(screen.getByLabelText('Public link')).toHaveValue(`${window.location.origin}/files/5`);
    expect(screen.getByText(/the person listed will be removed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Share with people')).not.toBeInTheDocument();

    vi.stubGlobal('isSecureContext', true);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Public link copied to clipboard!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/files/5`);

    await user.click(screen.getByRole('button', { name: 'Update Sharing' }));
    await screen.findByText('File sharing updated successfully!');
    expect(putBodies(calls)).toEqual([{ is_public: true, shared_users: [] }]);
  });

  it('checks each name as it is added: an unknown one is marked at once, saving waits, and removing it clears the error', async () => {
    const { calls, user } = openShare({
      'GET /api/files/5/share': { body: { is_public: false, shared_users: [] } },
      'GET /api/share-recipients/Carol': { body: { username: 'carol' } },
      'GET /api/share-recipients/ghost': { status: 400, body: { error: 'Unknown user: ghost', unknown_users: ['ghost'] } },
      'PUT /api/files/5/share': ({ body }) => ({ body }),
    });
    const input = await screen.findByLabelText('Share with people');
    await user.type(input, 'Carol{Enter}');
    await user.type(input, 'ghost{Enter}');
    // The known name takes its owner's spelling; the unknown one is marked where it stands.
    await waitFor(() => expect(people()).toEqual(['carol', 'ghost (unknown user)']));
    expect(screen.getByRole('alert')).toHaveTextContent('There is no user named ghost.');
    expect(input).toHaveAccessibleDescription('There is no user named ghost.');
    expect(screen.getByRole('button', { name: 'Update Sharing' })).toBeDisabled();
    expect(calls.filter((c) => c.path.startsWith('/api/share-recipients/')).map((c) => c.path)).toEqual(['/api/share-recipients/Carol', '/api/share-recipients/ghost']);

    await user.click(screen.getByRole('button', { name: 'Remove ghost' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(input).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Update Sharing' }));
    await screen.findByText('File sharing updated successfully!');
    expect(putBodies(calls)).toEqual([{ is_public: false, shared_users: ['carol'] }]);
  });

  it('marks the names a save was refused for, until they are removed; other failures say Share update failed', async () => {
    let reply: MockResponse = { status: 400, body: { error: 'Unknown users: zed, Yan', unknown_users: ['zed', 'Yan'] } };
    const { user } = openShare({
      'GET /api/files/5/share': { body: { is_public: false, shared_users: [] } },
      // Known when added, gone by the time of saving.
      'GET /api/share-recipients/zed': { body: { username: 'zed' } },
      'GET /api/share-recipients/yan': { body: { username: 'Yan' } },
      'GET /api/share-recipients/amy': { body: { username: 'amy' } },
      'PUT /api/files/5/share': () => reply,
    });
    expect(await screen.findByText('Not shared with anyone yet.')).toBeInTheDocument();
    const input = screen.getByLabelText('Share with people');
    for (const name of ['zed', 'yan', 'amy']) await user.type(input, `${name}{Enter}`);
    await waitFor(() => expect(people()).toEqual(['zed', 'Yan', 'amy']));
    await user.click(screen.getByRole('button', { name: 'Update Sharing' }));

    await waitFor(() => expect(people()).toEqual(['zed (unknown user)', 'Yan (unknown user)', 'amy']));
    expect(screen.getByRole('alert')).toHaveTextContent('There are no users named zed, Yan.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove zed' }));
    await user.click(screen.getByRole('button', { name: 'Remove Yan' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Update Sharing' }));
    expect(await screen.findByText('Share update failed', { selector: '[role="alert"] *, [role="alert"]' })).toBeInTheDocument();
  });

  it('has one footer, Cancel and Update Sharing at the foot of the dialog, below the links with their own New link', async () => {
    const { user } = openShare({
      'GET /api/files/5/share': { body: { is_public: false, shared_users: [] } },
      'GET /api/links': { body: { links: [] } },
    });
    const links = await screen.findByRole('region', { name: 'Links' });
    await within(links).findByText('No links yet.');
    const buttons = within(screen.getByRole('dialog')).getAllByRole('button');
    expect(buttons.slice(-2).map((b) => b.textContent)).toEqual(['Cancel', 'Update Sharing']);
    // The footer follows everything the dialog holds, links included.
    expect(links.compareDocumentPosition(screen.getByRole('button', { name: 'Update Sharing' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A new link's form leaves the dialog one Cancel: its own button discards the form alone.
    await user.click(within(links).getByRole('button', { name: 'New link' }));
    await user.click(await within(links).findByRole('button', { name: 'Discard' }));
    expect(within(links).queryByRole('form', { name: 'New share link' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(links).getByRole('button', { name: 'New link' }));
    expect(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not offer saving when the current state cannot be loaded', async () => {
    openShare({ 'GET /api/files/5/share': { status: 404, body: { error: 'File not found' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found');
    expect(screen.queryByRole('button', { name: 'Update Sharing' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
