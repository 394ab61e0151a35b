import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endedListRoutes } from '../test/ended-lists';
import { mockFetch } from '../test/fetch-mock';
import { makeFile, fileList } from '../test/files';
import { makeFolder } from '../test/folders';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const alice = makeUser({ id: 7, username: 'alice' });

const publicFile = makeFile({ id: 1, original_name: 'press-kit.zip', mime_type: 'application/zip', is_public: true });
const privateFile = makeFile({ id: 2, original_name: 'plan.pdf' });
const publicFolder = makeFolder({ id: 3, name: 'Photos', is_public: true, file_count: 2 });
const privateFolder = makeFolder({ id: 4, name: 'Invoices' });
const fromBob = makeFile({ id: 9, user_id: 8, username: 'bob', original_name: 'contract.pdf' });
const bobsFolder = makeFolder({ id: 10, user_id: 8, username: 'bob', name: 'Design reviews' });

function signedIn(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(alice);
  return mockFetch({
    'GET /api/auth/me': { body: { user: alice } },
    'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } },
    'GET /api/files': { body: fileList([publicFile, privateFile]) },
    'GET /api/folders': { body: { folders: [publicFolder, privateFolder], total: 2 } },
    'GET /api/shared-with-me': { body: { files: [fromBob], folders: [bobsFolder] } },
    ...routes,
  });
}

const list = (name: string) => screen.findByRole('list', { name });

describe('SharingPage', () => {
  it('lists public and private files and folders, with their counts, from 1000 of my own files', async () => {
    const { calls } = signedIn();
    renderApp('/sharing');
    expect(within(await list('Public Files')).getByRole('link', { name: 'press-kit.zip' })).toHaveAttribute('href', '/files/1');
    expect(within(await list('Private Files')).getByRole('button', { name: 'Share plan.pdf' })).toBeInTheDocument();
    expect(within(await list('Public Folders')).getByRole('button', { name: 'Copy link to Photos' })).toBeInTheDocument();
    expect(within(await list('Private Folders')).getByRole('button', { name: 'Share Invoices' })).toBeInTheDocument();
    const fileQuery = calls.find((c) => c.path === '/api/files')!;
    expect(new URLSearchParams(fileQuery.search).get('limit')).toBe('1000');
    expect(new URLSearchParams(fileQuery.search).get('uploader')).toBe('alice');
  });

  it("copies {origin}/files/{id} and reads 'Copied!' for 2 s, or says it failed", async () => {
    signedIn();
    vi.stubGlobal('isSecureContext', true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }); // provides navigator.clipboard
      renderApp('/sharing');
      const button = within(await list('Public Files')).getByRole('button', { name: 'Copy link to press-kit.zip' });
      await user.click(button);
      expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/files/1`);
      expect(button).toHaveTextContent('Copied!');
      vi.advanceTimersByTime(1900);
      expect(button).toHaveTextContent('Copied!');
      vi.advanceTimersByTime(100);
      await waitFor(() => expect(button).toHaveTextContent('Copy Link'));

      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
      await user.click(within(await list('Public Folders')).getByRole('button', { name: 'Copy link to Photos' }));
      expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares a private folder through PUT /api/folders/{id}/share, keeping its current users', async () => {
    const saved: unknown[] = [];
    signedIn({
      'GET /api/folders/4/share': { body: { is_public: false, shared_users: ['carol'] } },
      'GET /api/share-recipients/bob': { body: { username: 'bob' } },
      'PUT /api/folders/4/share': (request) => {
        saved.push(request.body);
        return { body: request.body };
      },
    });
    const user = userEvent.setup();
    renderApp('/sharing');
    await user.click(within(await list('Private Folders')).getByRole('button', { name: 'Share Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share folder' });
    await user.type(await within(dialog).findByLabelText('Share with people'), 'bob{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Update Sharing' }));
    expect(await screen.findByText('Folder sharing updated successfully!')).toBeInTheDocument();
    expect(saved).toEqual([{ is_public: false, shared_users: ['carol', 'bob'] }]);
  });

  it('shows what others shared with me, with the owner', async () => {
    signedIn();
    renderApp('/sharing');
    const files = await list('Files shared with me');
    expect(files).toHaveTextContent('Shared by bob');
    expect(within(files).getByRole('button', { name: 'Download contract.pdf' })).toBeInTheDocument();
    expect(within(await list('Folders shared with me')).getByRole('link', { name: 'Open Design reviews' })).toHaveAttribute('href', '/folders/10');
  });

  const passwordLink = {
    id: 31,
    token: 't'.repeat(43),
    path: `/s/${'t'.repeat(43)}`,
    item: { type: 'file', id: 2, name: 'plan.pdf' },
    label: 'For the printer',
    state: 'active',
    has_password: true,
    expires_at: null,
    max_downloads: 5,
    allow_preview: true,
    views: 0,
    downloads: 1,
    last_used_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
  };

  it('edits a share link: only what changed is sent, an empty password keeps the current one, and the box removes it', async () => {
    const sent: unknown[] = [];
    signedIn({
      'GET /api/links': { body: { links: [passwordLink] } },
      'PATCH /api/links/31': (request) => {
        sent.push(request.body);
        return { body: { link: { ...passwordLink, max_downloads: 10, has_password: false } } };
      },
    });
    const user = userEvent.setup();
    renderApp('/sharing');
    await user.click(await screen.findByRole('button', { name: 'Edit link to plan.pdf' }));
    const form = await screen.findByRole('form', { name: 'Edit link' });
    expect(within(form).getByLabelText('Label (optional)')).toHaveValue('For the printer');
    expect(within(form).getByLabelText('Password (optional)')).toHaveAttribute('placeholder', 'Left empty: unchanged');
    expect(within(form).getByText(/^Saving ends the access of visitors who entered the password/)).toBeInTheDocument();
    const limit = within(form).getByLabelText('Download limit (optional)');
    await user.clear(limit);
    await user.type(limit, '10');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ max_downloads: 10 }]));
    expect(await screen.findByText('Link updated')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Edit link to plan.pdf' }));
    const again = await screen.findByRole('form', { name: 'Edit link' });
    await user.click(within(again).getByRole('checkbox', { name: 'Remove the password' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ password: null });
  });

  it('names a link row’s Edit by a tooltip and its Revoke in words, and Revoke ends the link at one click', async () => {
    const { calls } = signedIn({ 'GET /api/links': { body: { links: [passwordLink] } }, 'DELETE /api/links/31': { status: 204 } });
    const user = userEvent.setup();
    renderApp('/sharing');
    const mine = await list('Links');
    await user.hover(within(mine).getByRole('button', { name: 'Edit link to plan.pdf' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    const revoke = within(mine).getByRole('button', { name: 'Revoke link to plan.pdf' });
    expect(revoke).toHaveTextContent('Revoke');
    await user.click(revoke);
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/links/31']));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
  });

  it('warns that saving ends password grants only on a link that has a password', async () => {
    signedIn({ 'GET /api/links': { body: { links: [{ ...passwordLink, has_password: false }] } } });
    const user = userEvent.setup();
    renderApp('/sharing');
    await user.click(await screen.findByRole('button', { name: 'Edit link to plan.pdf' }));
    const form = await screen.findByRole('form', { name: 'Edit link' });
    expect(within(form).queryByText(/Saving ends the access/)).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Password (optional)')).not.toHaveAttribute('placeholder');
  });
  it('removes ended links for good after asking, one or all of them; an active link has no Remove', async () => {
    const links = [
      passwordLink,
      { ...passwordLink, id: 32, label: null, state: 'revoked', item: { type: 'file', id: 1, name: 'press-kit.zip' } },
      { ...passwordLink, id: 33, label: null, state: 'expired', item: { type: 'folder', id: 3, name: 'Photos' } },
      { ...passwordLink, id: 34, label: null, state: 'exhausted', item: { type: 'folder', id: 4, name: 'Invoices' } },
    ];
    const { calls } = signedIn(endedListRoutes('/api/links', 'links', links, 32));
    const user = userEvent.setup();
    renderApp('/sharing');
    const mine = await list('Links');
    expect(within(mine).queryByRole('button', { name: 'Remove link to plan.pdf' })).toBeNull();

    await user.click(within(mine).getByRole('button', { name: 'Remove link to press-kit.zip' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove this link?' });
    expect(ask).toHaveTextContent('The link to “press-kit.zip” has ended. Removing it takes it off your list for good.');
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Link removed')).toBeInTheDocument();
    await waitFor(() => expect(within(mine).queryByRole('button', { name: 'Remove link to press-kit.zip' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove ended links' }));
    const all = await screen.findByRole('dialog', { name: 'Remove ended links?' });
    expect(all).toHaveTextContent('2 links are revoked, expired or used up.');
    await user.click(within(all).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('2 links removed')).toBeInTheDocument();
    await waitFor(() => expect(within(mine).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Remove ended links' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/links/ended/32', '/api/links/ended']);
  });
  it('lists five rows of a long list, then all of them on "Show all {n}", inside the page\'s own scroll', async () => {
    const links = Array.from({ length: 12 }, (_, i) => ({ ...passwordLink, id: 100 + i, label: `Link ${i + 1}` }));
    signedIn({ 'GET /api/links': { body: { links } } });
    const user = userEvent.setup();
    renderApp('/sharing');
    const mine = await list('Links');
    expect(within(mine).getAllByRole('listitem')).toHaveLength(5);
    expect(mine.className).not.toMatch(/overflow|max-h/);
    const more = screen.getByRole('button', { name: 'Show all 12' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(mine).getAllByRole('listitem')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(within(mine).getAllByRole('listitem')).toHaveLength(5);
    // A short list has nothing more to show.
    expect(within(await list('Public Files')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Show all/ })).toHaveLength(1);
  });
});
