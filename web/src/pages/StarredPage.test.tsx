import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileItem, Folder } from '@vault/contract';
import { mockFetch, type MockReply } from '../test/fetch-mock';
import { fileList, makeFile } from '../test/files';
import { makeFolder } from '../test/folders';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const alice = makeUser({ id: 7, username: 'alice' });
const CONFIG = { 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } };

function signedIn(routes: Record<string, MockReply>) {
  storeSession(alice);
  return mockFetch({ ...CONFIG, 'GET /api/auth/me': { body: { user: alice } }, ...routes });
}

/** The server's stars, changed by PUT and DELETE as the server would. */
function starServer(files: FileItem[], folders: Folder[]) {
  const starred = new Set([...files.filter((f) => f.starred).map((f) => `file:${f.id}`), ...folders.filter((f) => f.starred).map((f) => `folder:${f.id}`)]);
  const mark = <T extends { id: number; starred: boolean }>(kind: string, item: T): T => ({ ...item, starred: starred.has(`${kind}:${item.id}`) });
  const starRoute = (kind: string, on: boolean): MockReply => (request) => {
    const id = Number(request.path.split('/')[3]);
    if (on) starred.add(`${kind}:${id}`);
    else starred.delete(`${kind}:${id}`);
    return { status: 204 };
  };
  return {
    'GET /api/files': (request) => {
      const all = files.map((f) => mark('file', f));
      return { body: fileList(request.query.get('starred') === 'true' ? all.filter((f) => f.starred) : all) };
    },
    'GET /api/folders': (request) => {
      const all = folders.map((f) => mark('folder', f));
      const shown = request.query.get('starred') === 'true' ? all.filter((f) => f.starred) : all;
      return { body: { folders: shown, total: shown.length } };
    },
    ...Object.fromEntries(files.map((f) => [`GET /api/files/${f.id}`, () => ({ body: { file: mark('file', f) } })])),
    ...Object.fromEntries(folders.map((f) => [`GET /api/folders/${f.id}`, () => ({ body: { folder: mark('folder', f) } })])),
    ...Object.fromEntries(files.flatMap((f) => [[`PUT /api/files/${f.id}/star`, starRoute('file', true)], [`DELETE /api/files/${f.id}/star`, starRoute('file', false)]])),
    ...Object.fromEntries(folders.flatMap((f) => [[`PUT /api/folders/${f.id}/star`, starRoute('folder', true)], [`DELETE /api/folders/${f.id}/star`, starRoute('folder', false)]])),
  } satisfies Record<string, MockReply>;
}

const report = makeFile({ id: 1, original_name: 'report.pdf', starred: true });
const notes = makeFile({ id: 2, original_name: 'notes.txt', mime_type: 'text/plain', user_id: 9, username: 'bob', starred: true });
const photos = makeFolder({ id: 4, name: 'Photos', starred: true });
const recipes = makeFolder({ id: 5, name: 'Recipes', user_id: 9, username: 'bob', starred: true });

describe('StarredPage', () => {
  it('says how to star something when nothing is starred, and asks only for starred items', async () => {
    const { calls } = signedIn(starServer([makeFile({ id: 1, original_name: 'report.pdf' })], []));
    renderApp('/starred');
    expect(await screen.findByRole('heading', { level: 1, name: 'Starred' })).toBeInTheDocument();
    expect(await screen.findByText('No starred files yet')).toBeInTheDocument();
    expect(screen.getByText('Star a file or folder from its menu (⋯) or the star on its page, and it shows here.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Starred folders' })).not.toBeInTheDocument();
    const fileLists = calls.filter((c) => c.method === 'GET' && c.path === '/api/files');
    expect(fileLists.length).toBeGreaterThan(0);
    for (const call of fileLists) expect(call.query.get('starred')).toBe('true');
    expect(calls.some((c) => c.path === '/api/folders' && c.query.get('starred') === 'true')).toBe(true);
    expect(screen.getByRole('link', { name: 'Starred' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists starred folders as cards and starred files, each marked, and unstars a file from its menu without leaving', async () => {
    const { calls } = signedIn(starServer([report, notes], [photos, recipes]));
    const user = userEvent.setup();
    renderApp('/starred');
    const folderCards = within(await screen.findByRole('list', { name: 'Starred folders' }));
    expect(folderCards.getByRole('link', { name: 'Photos' })).toHaveAttribute('href', '/folders/4');
    expect(folderCards.getAllByText('Starred')).toHaveLength(2);
    // Another user's folder names its owner; the user's own does not.
    const [own, bobs] = folderCards.getAllByRole('listitem');
    expect(within(own!).queryByText(/^Owned by/)).not.toBeInTheDocument();
    expect(within(bobs!).getByText('Owned by bob')).toBeInTheDocument();
    const files = await screen.findByRole('list', { name: 'Starred files' });
    expect(within(files).getByText('report.pdf')).toBeInTheDocument();
    expect(within(files).getByText('notes.txt')).toBeInTheDocument();
    expect(within(files).getAllByText('Starred')).toHaveLength(2);

    await user.click(within(files).getByRole('button', { name: 'More actions for report.pdf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from Starred' }));
    await waitFor(() => expect(within(files).queryByText('report.pdf')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path.endsWith('/star')).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/files/1/star']);
    expect(within(files).getByText('notes.txt')).toBeInTheDocument();

    for (const name of ['Photos', 'Recipes']) {
      await user.click(folderCards.getByRole('button', { name: `More actions for ${name}` }));
      await user.click(await screen.findByRole('menuitem', { name: 'Remove from Starred' }));
      await waitFor(() => expect(folderCards.queryByRole('link', { name })).not.toBeInTheDocument());
    }
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Starred folders' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Starred' })).toBeInTheDocument();
  });

  it("stars a file from another user's row menu in a list", async () => {
    const { calls } = signedIn(starServer([{ ...notes, starred: false }], []));
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'More actions for notes.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add to Starred' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/files/2/star')).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'More actions for notes.txt' }));
    expect(await screen.findByRole('menuitem', { name: 'Remove from Starred' })).toBeInTheDocument();
  });

  it("toggles the star in a file page's header, pressed while starred", async () => {
    const { calls } = signedIn(starServer([{ ...report, starred: false }], []));
    const user = userEvent.setup();
    renderApp('/files/1');
    const toggle = await screen.findByRole('button', { name: 'Star report.pdf' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Star report.pdf' })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(screen.getByRole('button', { name: 'Star report.pdf' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Star report.pdf' })).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.filter((c) => c.path.endsWith('/star')).map((c) => c.method)).toEqual(['PUT', 'DELETE']);
  });

  it("toggles the star in a folder page's header", async () => {
    const { calls } = signedIn(starServer([], [{ ...photos, starred: false }]));
    const user = userEvent.setup();
    renderApp('/folders/4');
    const toggle = await screen.findByRole('button', { name: 'Star Photos' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Star Photos' })).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.filter((c) => c.path.endsWith('/star')).map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/folders/4/star']);
  });
});
