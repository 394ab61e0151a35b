import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../test/fetch-mock';
import { makeFile } from '../test/files';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const NOT_FOUND = "The file you're looking for doesn't exist or you don't have permission to access it.";
const CONFIG = { 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } };
const archive = makeFile({ id: 5, original_name: 'press-kit.zip', mime_type: 'application/zip', is_public: true, file_size: 1536, username: 'alice' });

describe('FilePage', () => {
  it('shows a public file to anyone through the public route: name, size, type, owner, download', async () => {
    const { calls } = mockFetch({ ...CONFIG, 'GET /api/files/public/5': { body: { file: archive } } });
    renderApp('/files/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'press-kit.zip' })).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    expect(screen.getByText('application/zip')).toBeInTheDocument();
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByText('This file type cannot be previewed in the browser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/files/public/5')?.headers.get('authorization')).toBeNull();
  });

  it('reads through the account route when signed in, with Share for the owner', async () => {
    const alice = makeUser();
    storeSession(alice);
    mockFetch({ ...CONFIG, 'GET /api/auth/me': { body: { user: alice } }, 'GET /api/files/5': { body: { file: { ...archive, is_public: false } } } });
    renderApp('/files/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'press-kit.zip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
  });

  it.each([
    ['a private or missing file, anonymously', '/files/5', false],
    ['an unreadable file, signed in', '/files/5', true],
    ['a malformed id', '/files/x', false],
  ])('shows the same not-found page for %s', async (_what, path, signedIn) => {
    const user = makeUser({ id: 9, username: 'carol' });
    if (signedIn) storeSession(user);
    mockFetch({
      ...CONFIG,
      'GET /api/auth/me': { body: { user } },
      'GET /api/files/5': { status: 404, body: { error: 'File not found' } },
      'GET /api/files/public/5': { status: 404, body: { error: 'File not found' } },
    });
    renderApp(path);
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'File not found' })).toBeInTheDocument();
  });
});
