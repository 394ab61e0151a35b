import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { fileList, makeFile } from '../test/files';
import { makeFolder } from '../test/folders';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const NOT_FOUND = "The folder you're looking for doesn't exist or you don't have permission to access it.";
const CONFIG = { 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } } };

const campaign = makeFolder({
  id: 2,
  name: 'Campaign',
  parent_id: 1,
  file_count: 1,
  folder_size: 2048,
  subfolder_count: 1,
  path: [{ id: 1, name: 'Projects' }, { id: 2, name: 'Campaign' }],
});
const assets = makeFolder({ id: 3, name: 'Assets', parent_id: 2, is_public: true, path: [...campaign.path, { id: 3, name: 'Assets' }] });

function signedInAs(user = makeUser(), routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(user);
  return mockFetch({ ...CONFIG, 'GET /api/auth/me': { body: { user } }, ...routes });
}

describe('FolderDetailPage', () => {
  it('shows the header, breadcrumb and subfolders with the owner actions', async () => {
    signedInAs(makeUser(), {
      'GET /api/folders/2': { body: { folder: campaign } },
      'GET /api/folders': { body: { folders: [assets], total: 1 } },
    });
    renderApp('/folders/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Folders' })).toHaveAttribute('href', '/folders');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/folders/1');
    expect(crumbs.getByText('Campaign')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('1 file')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.getByText('Created Jan 05, 2024')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Assets' })).toHaveAttribute('href', '/folders/3');
    expect(screen.getByRole('link', { name: 'Upload here' })).toHaveAttribute('href', '/upload?folder_id=2');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    // Below 1280 px the other actions wait in one menu, so the bar stays one row.
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'More actions for Campaign' }));
    const entries = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(entries).toEqual(['New Subfolder', 'Edit', 'Delete', 'Download zip']);
    // The folder's search looks at names, content and tags, and says so.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search by name, content or tags...');
  });

  it('breaks a subfolder\'s long name after "_", "-" and ".", never inside a word', async () => {
    const receipts = makeFolder({ id: 4, name: 'Belege_und_Rechnungen-2026', parent_id: 2 });
    signedInAs(makeUser(), {
      'GET /api/folders/2': { body: { folder: campaign } },
      'GET /api/folders': { body: { folders: [receipts], total: 1 } },
    });
    renderApp('/folders/2');
    const link = await screen.findByRole('link', { name: receipts.name });
    expect(link.innerHTML).toBe('Belege_<wbr>und_<wbr>Rechnungen-<wbr>2026');
  });

  it('offers no zip of an empty folder', async () => {
    signedInAs(makeUser(), {
      'GET /api/folders/3': { body: { folder: assets } },
      'GET /api/folders': { body: { folders: [], total: 0 } },
    });
    renderApp('/folders/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assets' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload here' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'More actions for Assets' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Download zip' })).not.toBeInTheDocument();
  });

  it('shows every action as a button from 1280 px, where they fit in one row', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 1280px)', media: query, addEventListener() {}, removeEventListener() {} }));
    signedInAs(makeUser(), {
      'GET /api/folders/2': { body: { folder: campaign } },
      'GET /api/folders': { body: { folders: [assets], total: 1 } },
    });
    renderApp('/folders/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeInTheDocument();
    for (const name of ['Share', 'New Subfolder', 'Edit', 'Delete', 'Download zip']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions for Campaign' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('says an empty folder is empty and offers its owner to upload into it', async () => {
    signedInAs(makeUser(), {
      'GET /api/folders/3': { body: { folder: assets } },
      'GET /api/folders': { body: { folders: [], total: 0 } },
      'GET /api/files': { body: fileList([]) },
    });
    renderApp('/folders/3');
    const list = (await screen.findByText('This folder is empty')).closest('div')!.parentElement!;
    expect(screen.getByText('Upload files into it, or drop them anywhere on this page.')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Upload here' })).toHaveAttribute('href', '/upload?folder_id=3');
    expect(screen.queryByText(/matching these criteria/)).not.toBeInTheDocument();
  });

  it('tells someone else an empty folder is empty, with nothing to upload', async () => {
    signedInAs(makeUser({ id: 9, username: 'bob' }), {
      'GET /api/folders/3': { body: { folder: assets } },
      'GET /api/folders': { body: { folders: [], total: 0 } },
      'GET /api/files': { body: fileList([]) },
    });
    renderApp('/folders/3');
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload here' })).not.toBeInTheDocument();
  });

  it('says a search in a folder found nothing, and clears it', async () => {
    const { calls } = signedInAs(makeUser(), {
      'GET /api/folders/3': { body: { folder: assets } },
      'GET /api/folders': { body: { folders: [], total: 0 } },
      'GET /api/files': { body: fileList([]) },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/folders/3?search=zzz&sort_by=file_size');
    expect(await screen.findByText('Nothing matches “zzz”')).toBeInTheDocument();
    expect(screen.queryByText('This folder is empty')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=file_size'));
    expect(calls.at(-1)?.query.get('search')).toBeNull();
  });

  it('shows a folder shared by someone else read-only, with its owner', async () => {
    signedInAs(makeUser({ id: 9, username: 'bob' }), {
      'GET /api/folders/2': { body: { folder: campaign } },
      'GET /api/folders': { body: { folders: [], total: 0 } },
    });
    renderApp('/folders/2');
    expect(await screen.findByText('Owned by alice')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload here' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows the not-found text for a missing or unreadable folder', async () => {
    signedInAs(makeUser(), { 'GET /api/folders/5': { status: 404, body: { error: 'Folder not found' } } });
    renderApp('/folders/5');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it('shows a public folder read-only to anonymous visitors', async () => {
    const { calls } = mockFetch({ ...CONFIG, 'GET /api/folders/public/3': { body: { folder: { ...assets, path: [{ id: 3, name: 'Assets' }] }, folders: [], files: [] } } });
    renderApp('/folders/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assets' })).toBeInTheDocument();
    expect(screen.getByText('Owned by alice')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Folders' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/folders/public/3')?.headers.get('authorization')).toBeNull();
  });

  it('shows anonymous visitors a subfolder of a public folder, and its subfolders, as public through it', async () => {
    const through = { kind: 'public_folder', folder_id: 3, folder_name: 'Assets' } as const;
    const logos = makeFolder({ id: 8, name: 'Logos', parent_id: 3, visibility: through, path: [{ id: 3, name: 'Assets' }, { id: 8, name: 'Logos' }] });
    const old = makeFolder({ id: 9, name: 'Old', parent_id: 8, visibility: through });
    const logo = makeFile({ id: 30, original_name: 'logo.svg', folder_id: 8, folder_name: 'Logos', visibility: through });
    mockFetch({ ...CONFIG, 'GET /api/folders/public/8': { body: { folder: logos, folders: [old], files: [logo] } } });
    renderApp('/folders/8');
    const header = (await screen.findByRole('heading', { level: 1, name: 'Logos' })).closest('header')!;
    expect(within(header).getByTitle('Public through the folder Assets')).toHaveTextContent('PUBLIC');
    const card = screen.getByRole('link', { name: 'Old' }).closest('li')!;
    expect(within(card).getByTitle('Public through the folder Assets')).toHaveTextContent('PUBLIC');
    // Its files are public through the same folder, and their public links are offered.
    expect(await screen.findByRole('button', { name: 'Copy public link logo.svg' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/private/i);
  });

  it.each(['/folders/4', '/folders/abc'])('shows anonymous visitors at %s the same not-found page', async (path) => {
    mockFetch({ ...CONFIG, 'GET /api/folders/public/4': { status: 404, body: { error: 'Folder not found' } } });
    const { router } = renderApp(path);
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
