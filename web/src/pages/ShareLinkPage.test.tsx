import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { storeLinkGrant } from '../test/link-grants';
import { renderApp } from '../test/render-app';

const TOKEN = 'A'.repeat(43);
const CONFIG = { 'GET /api/config': { body: { demo: null, max_file_bytes: 1 } } };
const VIEW = {
  owner: 'alice',
  label: null,
  allow_preview: false,
  expires_at: null,
  downloads_left: 2,
  item: { type: 'file', file: { id: 7, name: 'plan.txt', size: 2048, mime_type: 'text/plain', folder_id: null } },
};

describe('ShareLinkPage', () => {
  it('asks for the password, then shows the file with a download that carries the grant, and no account token', async () => {
    const { calls } = mockFetch({
      ...CONFIG,
      [`GET /api/s/${TOKEN}`]: ({ headers }) =>
        headers.get('x-link-grant') === 'granted'
          ? { body: VIEW }
          : { status: 401, body: { error: 'This link is protected by a password.', link_refusal: 'password_required' } },
      [`POST /api/s/${TOKEN}/unlock`]: ({ body }) =>
        (body as { password: string }).password === 'right'
          ? { body: { grant: 'granted', expires_at: '2030-01-01T00:00:00.000Z' } }
          : { status: 401, body: { error: 'Wrong password.', link_refusal: 'wrong_password' } },
    });
    renderApp(`/s/${TOKEN}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Password required' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Wrong password.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'plan.txt' })).toBeInTheDocument();
    expect(screen.getByText('Shared by alice')).toBeInTheDocument();
    expect(screen.getByText('2 downloads left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/s/${TOKEN}/download?grant=granted`);
    expect(calls.every((c) => !c.headers.has('authorization'))).toBe(true);
  });

  it('renews its grant before it runs out: the download then carries the new one, and the page reloads nothing', async () => {
    storeLinkGrant('s', TOKEN, 'granted', 5);
    const { calls } = mockFetch({
      ...CONFIG,
      [`GET /api/s/${TOKEN}`]: { body: VIEW },
      [`POST /api/s/${TOKEN}/grant`]: ({ headers }) =>
        headers.get('x-link-grant') === 'granted' ? { body: { grant: 'renewed', expires_at: new Date(Date.now() + 30 * 60_000).toISOString() } } : { status: 401, body: {} },
    });
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'plan.txt' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/s/${TOKEN}/download?grant=renewed`));
    expect(calls.filter((c) => c.path === `/api/s/${TOKEN}`)).toHaveLength(1);
  });

  it.each([
    ['expired', 'Link expired', 'This link has expired.'],
    ['exhausted', 'Download limit reached', 'This link has reached its download limit.'],
    ['revoked', 'Link revoked', 'This link has been revoked by its owner.'],
  ])('says when a link is %s, and nothing about its item', async (refusal, title, text) => {
    mockFetch({ ...CONFIG, [`GET /api/s/${TOKEN}`]: { status: 410, body: { error: text, link_refusal: refusal } } });
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    ['song.flac', 'audio/flac', 'AUDIO'],
    ['clip.mp4', 'video/mp4', 'VIDEO'],
  ])('plays %s from the link\'s own address where the owner allowed previews, reading nothing itself', async (name, mime, tag) => {
    // No grant of an earlier test's password link; and jsdom has no player to pause when the page goes.
    sessionStorage.clear();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    const file = { id: 7, name, size: 40 * 1024 * 1024, mime_type: mime, folder_id: null };
    const { calls } = mockFetch({ ...CONFIG, [`GET /api/s/${TOKEN}`]: { body: { ...VIEW, allow_preview: true, item: { type: 'file', file } } } });
    renderApp(`/s/${TOKEN}`);
    const player = await screen.findByLabelText(`Preview of ${name}`);
    expect(player.tagName).toBe(tag);
    expect(player).toHaveAttribute('src', `/api/s/${TOKEN}/files/7/download?inline=1`);
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(calls.filter((c) => c.path.includes('/download'))).toEqual([]);
  });

  it('offers no player where the owner did not allow previews', async () => {
    const file = { id: 7, name: 'clip.mp4', size: 2048, mime_type: 'video/mp4', folder_id: null };
    mockFetch({ ...CONFIG, [`GET /api/s/${TOKEN}`]: { body: { ...VIEW, item: { type: 'file', file } } } });
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'clip.mp4' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Preview of clip.mp4')).not.toBeInTheDocument();
  });

  it("offers a folder's zip only when the folder holds something", async () => {
    const folderView = (files: unknown[]) => ({
      ...VIEW,
      item: { type: 'folder', folder: { id: 3, name: 'Trip', parent_id: null }, folders: [], files, size: 2048, truncated: false },
    });
    mockFetch({ ...CONFIG, [`GET /api/s/${TOKEN}`]: { body: folderView([]) } });
    const { unmount } = renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip' })).toBeInTheDocument();
    expect(screen.getByText('This folder is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download all' })).not.toBeInTheDocument();
    unmount();

    mockFetch({ ...CONFIG, [`GET /api/s/${TOKEN}`]: { body: folderView([{ id: 7, name: 'plan.txt', size: 2048, mime_type: 'text/plain', folder_id: null }]) } });
    renderApp(`/s/${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Download all' })).toHaveAttribute('href', expect.stringMatching(`^/api/s/${TOKEN}/download`));
  });
});
