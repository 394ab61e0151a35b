import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileItem } from '@vault/contract';
import { mockFetch, type MockReply } from '../test/fetch-mock';
import { fileList, makeFile, storageStats, userStats } from '../test/files';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';
import { changeLanguage, i18n } from '../i18n';

// The dashboard's list comforts: sortable headers and the phone's sort menu,
// search as you type, keyboard shortcuts, visibility in rows, the phone layout.

const me = makeUser({ id: 7, username: 'alice' });

/** A screen at least this wide; none of the queries match without it (a phone). */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /\(min-width: (\d+)px\)/.exec(query);
    return { matches: min !== null && px >= Number(min[1]), media: query, addEventListener() {}, removeEventListener() {} };
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function openDashboard(files: FileItem[] | MockReply, path = '/dashboard') {
  storeSession(me);
  const fetches = mockFetch({
    'GET /api/auth/me': { body: { user: me } },
    'GET /api/auth/stats': { body: userStats },
    'GET /api/files/storage/stats': { body: storageStats },
    'GET /api/files': Array.isArray(files) ? { body: fileList(files) } : files,
  });
  return { ...fetches, ...renderApp(path), user: userEvent.setup() };
}

const fileQueries = (calls: { method: string; path: string; search: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/files').map((c) => c.search);

const pdf = makeFile({ id: 11, original_name: 'Q3 report.pdf', folder_id: 3, folder_name: 'Reports' });
const photo = makeFile({ id: 12, original_name: 'photo.png', mime_type: 'image/png' });

describe('sortable headers', () => {
  it('sort by a header: descending first, then ascending, aria-sort on the header, the sort in the URL and the request', async () => {
    screenWidth(1280);
    const { calls, user, router } = openDashboard([pdf, photo]);
    const table = await screen.findByRole('table', { name: 'Your files' });
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Size')).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getAllByRole('columnheader').filter((h) => h.hasAttribute('aria-sort'))).toHaveLength(6);

    await user.click(within(header('Size')).getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=file_size'));
    await waitFor(() => expect(fileQueries(calls).at(-1)).toBe('?sort_by=file_size&limit=20&scope=own'));
    expect(header('Size')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Created')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Size')).getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=file_size&sort_order=asc'));
    expect(header('Size')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Folder')).getByRole('button', { name: 'Folder' }));
    await waitFor(() => expect(fileQueries(calls).at(-1)).toBe('?sort_by=folder_name&limit=20&scope=own'));
  });

  it('starts a new sort at page 1 and reads the sort back from a link', async () => {
    screenWidth(1280);
    const { calls, user, router } = openDashboard([pdf, photo], '/dashboard?page=2&sort_by=original_name&sort_order=asc');
    const table = await screen.findByRole('table', { name: 'Your files' });
    expect(fileQueries(calls)[0]).toBe('?page=2&sort_by=original_name&sort_order=asc&limit=20&scope=own');
    expect(within(table).getByRole('columnheader', { name: /^File/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: 'Downloads' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=download_count'));
  });

  it('on a phone the cards have a sort menu instead', async () => {
    const { calls, user, router } = openDashboard([pdf, photo]);
    await screen.findByRole('list', { name: 'Your files' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const menu = screen.getByRole('combobox', { name: 'Sort' });
    expect(menu).toHaveValue('created_at:desc');
    await user.selectOptions(menu, 'Name, Ascending');
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=original_name&sort_order=asc'));
    await waitFor(() => expect(fileQueries(calls).at(-1)).toBe('?sort_by=original_name&sort_order=asc&limit=20&scope=own'));
  });
});

describe('search as you type', () => {
  it('searches once typing pauses, one request for the word, the history entry replaced', async () => {
    const { calls, user, router } = openDashboard([pdf]);
    await screen.findByText('Q3 report.pdf');
    const historyLength = window.history.length;
    await user.type(screen.getByRole('searchbox'), 'report');
    await waitFor(() => expect(router.state.location.search).toBe('?search=report'));
    await waitFor(() => expect(fileQueries(calls)).toEqual(['?limit=20&scope=own', '?search=report&limit=20&scope=own']));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(window.history.length).toBe(historyLength);
  });

  it('keeps what is typed after a search went out, and Enter still searches at once', async () => {
    const { calls, user } = openDashboard([pdf]);
    await screen.findByText('Q3 report.pdf');
    const box = screen.getByRole('searchbox');
    await user.type(box, 'rep');
    await waitFor(() => expect(fileQueries(calls).at(-1)).toBe('?search=rep&limit=20&scope=own'));
    await user.type(box, 'ort{Enter}');
    expect(box).toHaveValue('report');
    await waitFor(() => expect(fileQueries(calls).at(-1)).toBe('?search=report&limit=20&scope=own'));
    expect(fileQueries(calls).filter((q) => q.includes('search='))).toEqual(['?search=rep&limit=20&scope=own', '?search=report&limit=20&scope=own']);
  });

  it('never lets an older answer replace a newer one', async () => {
    let answerOld: (() => void) | undefined;
    const { user, fetchMock } = openDashboard(async (request) => {
      const search = request.query.get('search');
      if (search === 'old') {
        await new Promise<void>((resolve) => (answerOld = resolve));
        return { body: fileList([makeFile({ id: 1, original_name: 'old match.txt' })]) };
      }
      return { body: fileList([makeFile({ id: search === 'new' ? 2 : 3, original_name: search === 'new' ? 'new match.txt' : 'everything.txt' })]) };
    });
    await screen.findByText('everything.txt');
    const box = screen.getByRole('searchbox');
    await user.type(box, 'old');
    await waitFor(() => expect(answerOld).not.toBe(undefined));
    await user.clear(box);
    await user.type(box, 'new');
    expect(await screen.findByText('new match.txt')).toBeInTheDocument();
    // The older answer arrives last; once the app has read it, the newer list still shows.
    const oldCall = fetchMock.mock.calls.findIndex(([input]) => String(input).includes('search=old'));
    answerOld?.();
    await ((await fetchMock.mock.results[oldCall]!.value) as Response).clone().json();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('new match.txt')).toBeInTheDocument();
    expect(screen.queryByText('old match.txt')).not.toBeInTheDocument();
  });
});

describe('keyboard shortcuts', () => {
  it('/ focuses the search box without typing a slash', async () => {
    const { user } = openDashboard([pdf]);
    await screen.findByText('Q3 report.pdf');
    await user.keyboard('/');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('u opens the upload page and n the new folder form, but not while typing or with a modifier', async () => {
    const { user, router } = openDashboard([pdf]);
    await screen.findByText('Q3 report.pdf');
    await user.type(screen.getByRole('searchbox'), 'un');
    await user.keyboard('{Control>}u{/Control}');
    expect(router.state.location.pathname).toBe('/dashboard');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Alt>}n{/Alt}');
    expect(router.state.location.pathname).toBe('/dashboard');
    await user.keyboard('u');
    await waitFor(() => expect(router.state.location.pathname).toBe('/upload'));
    await user.keyboard('n');
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
    expect(router.state.location.state).toEqual({ newFolder: true });
  });

  it('? lists every shortcut, in English and German', async () => {
    const { user } = openDashboard([pdf]);
    await screen.findByText('Q3 report.pdf');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const text of ['Focus the search box', 'Upload files', 'New folder', 'Delete the selected files (after confirming)', 'Rename the focused file', 'Show this list']) {
      expect(dialog).toHaveTextContent(text);
    }
    await user.keyboard('{Escape}');
    await changeLanguage('de');
    await user.keyboard('?');
    const german = await screen.findByRole('dialog', { name: 'Tastenkürzel' });
    expect(german).toHaveTextContent('Zum Suchfeld');
    expect(german).toHaveTextContent('Entf');
  });

  it('Delete asks to delete the selection, through the usual confirmation', async () => {
    const { user } = openDashboard([pdf, photo]);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Q3 report.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select photo.png' }));
    await user.keyboard('{Delete}');
    expect(await screen.findByRole('dialog', { name: 'Delete 2 files?' })).toBeInTheDocument();
  });

  it("Delete on a focused row without a selection asks to delete that file; never on another user's", async () => {
    const theirs = makeFile({ id: 13, user_id: 99, username: 'bob', original_name: 'notes.txt' });
    const { user } = openDashboard([pdf, theirs]);
    const row = (await screen.findByText('notes.txt')).closest('li')!;
    row.focus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    screen.getByText('Q3 report.pdf').closest('li')!.focus();
    await user.keyboard('{Delete}');
    expect(await screen.findByRole('dialog', { name: 'Delete Q3 report.pdf?' })).toBeInTheDocument();
  });
});

describe('visibility in rows', () => {
  it('shows who may read each file: public, public through a folder, shared with names; nothing for private files', async () => {
    openDashboard([
      makeFile({ id: 1, original_name: 'open.txt', is_public: true }),
      makeFile({ id: 2, original_name: 'in folder.txt', visibility: { kind: 'public_folder', folder_id: 3, folder_name: 'Press' } }),
      makeFile({ id: 3, original_name: 'team.txt', visibility: { kind: 'shared', users: ['bob', 'carol'] } }),
      makeFile({ id: 4, original_name: 'secret.txt' }),
    ]);
    const card = async (name: string) => (await screen.findByText(name)).closest('li')!;
    expect(within(await card('open.txt')).getByText('Public: anyone with the link can read it').parentElement).toHaveAttribute('title', 'Public: anyone with the link can read it');
    expect(within(await card('in folder.txt')).getByText('Public through the folder Press')).toBeInTheDocument();
    const shared = within(await card('team.txt')).getByText('Shared with 2 people: bob, carol');
    expect(shared.parentElement).toHaveAttribute('title', 'Shared with 2 people: bob, carol');
    expect(shared.parentElement).toHaveTextContent('SHARED · 2');
    expect(await card('secret.txt')).not.toHaveTextContent(/PUBLIC|SHARED/);
    // A card names the owner of others' files only.
    expect(await card('secret.txt')).not.toHaveTextContent('alice');
  });

  it("names the owner on others' cards", async () => {
    openDashboard([makeFile({ id: 5, user_id: 99, username: 'bob', original_name: 'theirs.txt' })]);
    expect((await screen.findByText('theirs.txt')).closest('li')).toHaveTextContent('bob');
  });
});

describe('layout', () => {
  it('on a wide screen the figures come first, open; on a phone after the files, closed', async () => {
    screenWidth(1280);
    openDashboard([pdf]);
    const disclosure = await screen.findByRole('button', { name: 'Statistics' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'Your files' });
    expect(disclosure.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('on a phone the files come first', async () => {
    openDashboard([pdf]);
    const list = await screen.findByRole('list', { name: 'Your files' });
    const disclosure = screen.getByRole('button', { name: 'Statistics' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(list.compareDocumentPosition(disclosure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
