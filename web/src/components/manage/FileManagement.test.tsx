import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockRequest } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { makeFolder } from '../../test/folders';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { FileList } from '../files/FileList';
import { changeLanguage, i18n } from '../../i18n';

const mine = (id: number, name: string, extra = {}) => makeFile({ id, original_name: name, mime_type: 'text/plain', user_id: 7, ...extra });
const files = [mine(1, 'a.txt'), mine(2, 'b.txt'), mine(3, 'c.txt'), mine(4, 'd.txt'), mine(5, 'e.txt')];

function show(list = files, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(makeUser({ id: 7 }));
  const fetches = mockFetch(routes);
  renderUi(<FileList files={list} currentUserId={7} label="Your files" manage />);
  return { ...fetches, user: userEvent.setup() };
}

const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const checked = () =>
  screen
    .getAllByRole('checkbox', { name: /^Select .+\.txt$/ })
    .filter((b) => (b as HTMLInputElement).checked)
    .map((b) => b.getAttribute('aria-label')!.replace('Select ', ''));
const bar = () => screen.queryByRole('toolbar', { name: 'Selected files' });
const row = (name: string) => screen.getByText(name).closest<HTMLElement>('[data-file-id]')!;
const bulkCalls = (calls: MockRequest[]) => calls.filter((c) => c.path === '/api/files/bulk').map((c) => c.body);

afterEach(() => void i18n.changeLanguage('en'));

describe('file management', () => {
  it('selects with checkboxes and shift ranges, Ctrl+A and Escape, and shows the bulk bar', async () => {
    const { user } = show();
    expect(bar()).not.toBeInTheDocument();
    await user.click(box('b.txt'));
    expect(within(bar()!).getByText('1 selected')).toBeInTheDocument();
    await user.keyboard('{Shift>}');
    await user.click(box('d.txt'));
    await user.keyboard('{/Shift}');
    expect(checked()).toEqual(['b.txt', 'c.txt', 'd.txt']);
    expect(within(bar()!).getByText('3 selected')).toBeInTheDocument();
    // A shift-click on a selected item clears the range from the anchor (b.txt) to it.
    await user.keyboard('{Shift>}');
    await user.click(box('c.txt'));
    await user.keyboard('{/Shift}');
    expect(checked()).toEqual(['d.txt']);

    row('a.txt').focus();
    await user.keyboard('{Control>}a{/Control}');
    expect(checked()).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']);
    expect(screen.getByRole('checkbox', { name: 'Select all files on this page' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(checked()).toEqual([]);
    expect(bar()).not.toBeInTheDocument();

    // Space toggles the focused row; arrows move between rows; Meta+A works like Ctrl+A.
    row('a.txt').focus();
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(checked()).toEqual(['c.txt']);
    expect(row('c.txt')).toHaveFocus();
    await user.keyboard('{Meta>}a{/Meta}');
    expect(checked()).toHaveLength(5);
    await user.click(within(bar()!).getByRole('button', { name: 'Clear selection' }));
    expect(checked()).toEqual([]);
  });

  it("says the server's refusal under the name in German on a German screen, with the name it clashed with", async () => {
    const clash = { error: 'A file named "b.txt" already exists here', code: 'fileNameTaken', params: { name: 'b.txt' } };
    const { user } = show(files, { 'PUT /api/files/1': { status: 409, body: clash } });
    await changeLanguage('de');
    await user.dblClick(screen.getByText('a.txt'));
    await user.keyboard('b{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Hier gibt es bereits eine Datei namens „b.txt“');
  });

  it('leaves Ctrl+A to a field being typed in', async () => {
    const { user } = show();
    await user.dblClick(screen.getByText('a.txt'));
    const field = screen.getByRole('textbox', { name: 'New name for a.txt' });
    await user.keyboard('{Control>}a{/Control}');
    expect(checked()).toEqual([]);
    expect((field as HTMLInputElement).selectionStart).toBe(0);
    expect((field as HTMLInputElement).selectionEnd).toBe('a.txt'.length);
  });

  it('renames inline: double-click or F2, Enter saves, Escape cancels, a refusal shows under the name', async () => {
    let answer: { status: number; body: unknown } = { status: 409, body: { error: 'A file named "b.txt" already exists here' } };
    const { user, calls } = show(files, { 'PUT /api/files/1': () => answer });

    await user.dblClick(screen.getByText('a.txt'));
    const field = screen.getByRole('textbox', { name: 'New name for a.txt' });
    expect(field).toHaveFocus();
    // The name is selected without its extension, which stays.
    expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([0, 1]);
    await user.keyboard('b{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A file named "b.txt" already exists here');
    expect(field).toHaveFocus();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ original_name: 'b.txt' }]);

    // Escape gives up: the old name is back, focus on its row, nothing more sent.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('a.txt')).toBeInTheDocument();
    await waitFor(() => expect(row('a.txt')).toHaveFocus());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    // F2 on the focused row; Enter saves.
    answer = { status: 200, body: { file: mine(1, 'alpha.txt') } };
    await user.keyboard('{F2}');
    const again = screen.getByRole('textbox', { name: 'New name for a.txt' });
    await user.clear(again);
    await user.type(again, 'alpha.txt{Enter}');
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ original_name: 'b.txt' }, { original_name: 'alpha.txt' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves the selection through the folder picker in one request, then clears it', async () => {
    const docs = makeFolder({ id: 30, name: 'Docs' });
    const y2024 = makeFolder({ id: 31, name: '2024', parent_id: 30, path: [{ id: 30, name: 'Docs' }, { id: 31, name: '2024' }] });
    const { user, calls } = show(files, {
      'GET /api/folders': { body: { folders: [y2024, docs], total: 2 } },
      'POST /api/files/bulk': { body: { results: [{ id: 1, kind: 'file', ok: true }, { id: 2, kind: 'file', ok: true }] } },
    });
    await user.click(box('a.txt'));
    await user.click(box('b.txt'));
    await user.click(within(bar()!).getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 files' });
    const options = await within(dialog).findAllByRole('radio');
    expect(options.map((o) => o.closest('label')!.textContent)).toEqual(['Root', 'Docs', '2024']);
    const moveHere = within(dialog).getByRole('button', { name: 'Move here' });
    expect(moveHere).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: '2024' }));
    await user.click(moveHere);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulkCalls(calls)).toEqual([{ action: 'move', file_ids: [1, 2], folder_ids: [], folder_id: 31 }]);
    expect(await screen.findByText('2 items moved to 2024')).toBeInTheDocument();
    expect(checked()).toEqual([]);
  });

  it('copies the selection into a folder in one request, and a file beside itself from its menu', async () => {
    const docs = makeFolder({ id: 30, name: 'Docs' });
    const inDocs = [mine(1, 'a.txt', { folder_id: 30 }), mine(2, 'b.txt', { folder_id: 30 })];
    const { user, calls } = show(inDocs, {
      'GET /api/folders': { body: { folders: [docs], total: 1 } },
      'POST /api/files/bulk': { body: { results: [{ id: 1, kind: 'file', ok: true }, { id: 2, kind: 'file', ok: true }] } },
    });
    await user.click(box('a.txt'));
    await user.click(box('b.txt'));
    await user.click(within(bar()!).getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy 2 files' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Root' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('2 files copied to Root')).toBeInTheDocument();
    expect(checked()).toEqual([]);

    // A move may not go where the file is; a copy may (it takes the next free name there).
    await user.click(screen.getByRole('button', { name: 'More actions for a.txt' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy…' }));
    const one = await screen.findByRole('dialog', { name: 'Copy a.txt' });
    const here = await within(one).findByRole('radio', { name: /Docs/ });
    expect(here.closest('label')).toHaveTextContent('Current location');
    expect(here).toBeEnabled();
    await user.click(here);
    await user.click(within(one).getByRole('button', { name: 'Copy here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulkCalls(calls)).toEqual([
      { action: 'copy', file_ids: [1, 2], folder_ids: [], folder_id: null },
      { action: 'copy', file_ids: [1], folder_ids: [], folder_id: 30 },
    ]);
  });

  it('adds and removes tags over the selection, and names what failed', async () => {
    const tagged = [mine(1, 'a.txt', { tags: ['old', 'keep'] }), mine(2, 'b.txt', { tags: ['old'] }), mine(3, 'c.txt')];
    const { user, calls } = show(tagged, {
      'POST /api/files/bulk': {
        body: {
          results: [
            { id: 1, kind: 'file', ok: true },
            { id: 2, kind: 'file', ok: false, error: 'Maximum 10 tags allowed' },
          ],
        },
      },
    });
    await user.click(box('a.txt'));
    await user.click(box('b.txt'));
    await user.click(within(bar()!).getByRole('button', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 2 files' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags to add' }), 'urgent{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'old' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulkCalls(calls)).toEqual([{ action: 'tag', file_ids: [1, 2], folder_ids: [], tags: { add: ['urgent'], remove: ['old'] } }]);
    expect(await screen.findByText('1 of 2 could not be changed: Maximum 10 tags allowed')).toBeInTheDocument();
  });

  it('offers only the zip download for a selection with other users\' files, and only the star in the menu on theirs', async () => {
    const { user } = show([mine(1, 'a.txt'), makeFile({ id: 9, original_name: 'theirs.txt', mime_type: 'text/plain', user_id: 8 })]);
    expect(screen.getByRole('button', { name: 'More actions for a.txt' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for theirs.txt' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Add to Starred']);
    await user.keyboard('{Escape}');
    await user.dblClick(screen.getByText('theirs.txt'));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(box('a.txt'));
    expect(within(bar()!).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['Move', 'Copy', 'Tags', 'Download zip', 'Delete', 'Clear selection']);
    await user.click(box('theirs.txt'));
    expect(within(bar()!).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual(['Download zip', 'Clear selection']);
  });
});
