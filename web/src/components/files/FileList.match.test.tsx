import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { renderUi } from '../../test/render-ui';
import { FileList } from './FileList';

const found = makeFile({
  id: 31,
  original_name: 'minutes.txt',
  mime_type: 'text/plain',
  match: { text: 'We agreed on the <b>kiwi</b> budget for kiwis', highlights: [{ start: 20, length: 4 }, { start: 40, length: 5 }] },
});
const byName = makeFile({ id: 32, original_name: 'kiwi.txt', mime_type: 'text/plain' });

function show() {
  mockFetch({});
  renderUi(<FileList files={[found, byName]} label="Your files" />);
}

/** The excerpt shown in a row, card or tile: its whole text and its marked words. */
function excerptIn(item: HTMLElement) {
  const excerpt = within(item).getByText(/budget for/).closest('p')!;
  return { text: excerpt.textContent, marked: [...excerpt.querySelectorAll('mark')].map((m) => m.textContent), html: excerpt.querySelector('b') };
}

const expected = { text: 'In the content: We agreed on the <b>kiwi</b> budget for kiwis', marked: ['kiwi', 'kiwis'], html: null };

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('FileList content matches', () => {
  it('shows the excerpt with its words marked, as text, on a phone card and in a grid tile', async () => {
    show();
    const [card, other] = within(screen.getByRole('list', { name: 'Your files' })).getAllByRole('listitem');
    expect(excerptIn(card!)).toEqual(expected);
    expect(within(other!).queryByText(/In the content/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Grid' }));
    const [tile] = within(screen.getByRole('list', { name: 'Your files' })).getAllByRole('listitem');
    expect(excerptIn(tile!)).toEqual(expected);
  });

  it('shows it under the name in a table row', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    cleanup();
    show();
    const [, row, other] = screen.getAllByRole('row');
    expect(excerptIn(row!)).toEqual(expected);
    expect(within(other!).queryByText(/In the content/)).not.toBeInTheDocument();
  });
});
