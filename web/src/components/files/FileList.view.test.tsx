import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { FileList } from './FileList';

const photo = makeFile({ id: 21, original_name: 'photo.jpg', mime_type: 'image/jpeg' });
const notes = makeFile({ id: 22, original_name: 'notes.txt', mime_type: 'text/plain' });

function show(userId: number) {
  const fetches = mockFetch({ 'GET /api/files/21/thumbnail': { binary: 'webp', contentType: 'image/webp' } });
  renderUi(<FileList files={[photo, notes]} currentUserId={userId} label="Your files" />);
  return fetches;
}

afterEach(() => window.localStorage.clear());

describe('FileList views', () => {
  it('counts downloads in the singular and the plural', () => {
    storeSession(makeUser({ id: 7 }));
    mockFetch({});
    const once = makeFile({ id: 41, original_name: 'once.txt', download_count: 1 });
    const twice = makeFile({ id: 42, original_name: 'twice.txt', download_count: 2 });
    renderUi(<FileList files={[once, twice]} currentUserId={7} label="Your files" />);
    const row = (name: string) => screen.getByText(name).closest<HTMLElement>('li, tr')!;
    expect(within(row('once.txt')).getByText('1 download')).toBeInTheDocument();
    expect(within(row('twice.txt')).getByText('2 downloads')).toBeInTheDocument();
  });

  it('switches to a grid of server thumbnails, fetched only for pictures, and remembers the choice per user', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:thumb-1', revokeObjectURL: vi.fn() }));
    const token = storeSession(makeUser({ id: 7 }));
    const { calls: all } = show(7);
    // The server's settings (whether deleting goes to Trash) are read once for the whole app; only the thumbnails count here.
    const requests = () => all.filter((c) => c.path !== '/api/config');
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(requests()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    const grid = screen.getByRole('list', { name: 'Your files' });
    const [photoTile, notesTile] = within(grid).getAllByRole('listitem');
    expect(await within(photoTile!).findByRole('presentation')).toHaveAttribute('src', 'blob:thumb-1');
    expect(within(notesTile!).queryByRole('presentation')).not.toBeInTheDocument();
    expect(requests().map((c) => c.path)).toEqual(['/api/files/21/thumbnail']);
    expect(requests()[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);

    cleanup();
    show(7);
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    cleanup();
    show(8);
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a tile’s visibility as a list row does: a badge for public and shared files, nothing for private ones', async () => {
    storeSession(makeUser({ id: 7 }));
    mockFetch({});
    const files = [
      makeFile({ id: 51, original_name: 'open.txt', is_public: true }),
      makeFile({ id: 52, original_name: 'team.txt', visibility: { kind: 'shared', users: ['anna', 'ben'] } }),
      makeFile({ id: 53, original_name: 'mine.txt' }),
    ];
    const user = userEvent.setup();
    renderUi(<FileList files={files} currentUserId={7} label="Your files" />);
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    const [open, team, mine] = within(screen.getByRole('list', { name: 'Your files' })).getAllByRole('listitem');
    expect(within(open!).getByText('Public: anyone with the link can read it')).toBeInTheDocument();
    expect(within(team!).getByText('Shared with 2 people: anna, ben')).toBeInTheDocument();
    expect(within(mine!).queryByText(/^(Public|Shared|Private)/)).not.toBeInTheDocument();
  });

  it("keeps a tile's quick buttons to two and folds the rest into its menu, once each", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:thumb-1', revokeObjectURL: vi.fn() }));
    storeSession(makeUser({ id: 7 }));
    mockFetch({ 'GET /api/files/31/thumbnail': { binary: 'webp', contentType: 'image/webp' } });
    const beach = makeFile({ id: 31, original_name: 'beach.jpg', mime_type: 'image/jpeg', is_public: true });
    const user = userEvent.setup();
    const buttonsOf = (tile: HTMLElement) => within(tile).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    const menuOf = async (tile: HTMLElement) => {
      await user.click(within(tile).getByRole('button', { name: 'More actions for beach.jpg' }));
      const entries = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
      await user.keyboard('{Escape}');
      return entries;
    };

    // An owner's list that is not managed: the five actions as buttons in the list (here a phone's card) and the star in the menu;
    // two and a menu in a tile.
    renderUi(<FileList files={[beach]} currentUserId={7} label="Your files" />);
    const card = screen.getByText('beach.jpg').closest('li')!;
    expect(buttonsOf(card)).toEqual(['Preview beach.jpg', 'Download beach.jpg', 'Copy public link beach.jpg', 'Share beach.jpg', 'Delete beach.jpg', 'More actions for beach.jpg']);
    expect(await menuOf(card)).toEqual(['Add to Starred']);
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    let tile = within(screen.getByRole('list', { name: 'Your files' })).getByRole('listitem');
    expect(buttonsOf(tile)).toEqual(['Preview beach.jpg', 'Download beach.jpg', 'More actions for beach.jpg']);
    expect(await menuOf(tile)).toEqual(['Copy public link', 'Share', 'Delete', 'Add to Starred']);
    cleanup();

    // A managed list's menu already holds share and delete: nothing is offered twice.
    renderUi(<FileList files={[beach]} currentUserId={7} label="Your files" manage />);
    tile = within(screen.getByRole('list', { name: 'Your files' })).getByRole('listitem');
    expect(buttonsOf(tile)).toEqual(['Preview beach.jpg', 'Download beach.jpg', 'More actions for beach.jpg']);
    expect(await menuOf(tile)).toEqual(['Copy public link', 'Add to Starred', 'Rename', 'Move…', 'Copy…', 'Edit tags…', 'Download', 'Share…', 'Delete…']);
  });

  it("names the owner in a narrow table's row on others' files only, as a phone's card does", () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    storeSession(makeUser({ id: 7 }));
    mockFetch({});
    const theirs = makeFile({ id: 41, original_name: 'theirs.txt', mime_type: 'text/plain', user_id: 8, username: 'bob' });
    const own = makeFile({ id: 42, original_name: 'own.txt', mime_type: 'text/plain', user_id: 7, username: 'alice' });
    renderUi(<FileList files={[theirs, own]} currentUserId={7} label="Your files" />);
    // The name's cell: the table's Owner column, shown on wide screens, is another cell.
    const nameCell = (name: string) => screen.getByText(name).closest('td')!;
    expect(nameCell('theirs.txt')).toHaveTextContent('bob');
    expect(nameCell('own.txt')).not.toHaveTextContent('alice');
  });

  it("keeps each action of a table's rows in its column: an action a file lacks leaves its place empty", () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    storeSession(makeUser({ id: 7 }));
    mockFetch({});
    const files = [
      makeFile({ id: 61, original_name: 'open.jpg', mime_type: 'image/jpeg', is_public: true }),
      makeFile({ id: 62, original_name: 'closed.jpg', mime_type: 'image/jpeg' }),
      makeFile({ id: 63, original_name: 'data.zip', mime_type: 'application/zip' }),
      makeFile({ id: 64, original_name: 'theirs.jpg', mime_type: 'image/jpeg', user_id: 8 }),
    ];
    renderUi(<FileList files={files} currentUserId={7} label="Your files" />);
    // Each row's places for actions, left to right: the action's name, or '' where it is empty.
    const places = (name: string) => {
      const cell = screen.getByText(name).closest('tr')!.lastElementChild!;
      return [...cell.firstElementChild!.children].map((place) => place.getAttribute('aria-label')?.split(' ')[0] ?? '');
    };
    expect(places('open.jpg')).toEqual(['Preview', 'Download', 'Copy', 'Share', 'Delete', 'More']);
    expect(places('closed.jpg')).toEqual(['Preview', 'Download', '', 'Share', 'Delete', 'More']);
    expect(places('data.zip')).toEqual(['', 'Download', '', 'Share', 'Delete', 'More']);
    expect(places('theirs.jpg')).toEqual(['Preview', 'Download', '', '', '', 'More']);
  });
});
