import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { FileSearchCriteria } from '@vault/contract';
import { toQueryString } from '../../lib/query-string';
import { mockFetch } from '../../test/fetch-mock';
import { SearchFilterPanel, type SearchFilterPanelProps } from './SearchFilterPanel';

/** The panel reads the installation's types from the data cache (GET /api/config). */
function renderWithData(ui: React.ReactElement) {
  return render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
}

/** The panel over a criteria state, as a page holds it; every search is recorded as its API query string. */
function setup(props: Partial<SearchFilterPanelProps> = {}, initial: FileSearchCriteria = {}) {
  const queries: string[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <SearchFilterPanel
        value={value}
        onSearch={(c) => {
          queries.push(toQueryString(c));
          setValue(c);
        }}
        folders={[
          { id: 4, label: 'Projects' },
          { id: 9, label: 'Projects / 2024' },
        ]}
        {...props}
      />
    );
  }
  renderWithData(<Harness />);
  return { queries, user: userEvent.setup() };
}

const openFilters = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /Filters/ }));

describe('SearchFilterPanel', () => {
  it('searches on Enter with the defaults and nothing empty', async () => {
    const { queries, user } = setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'q3 report{Enter}');
    expect(queries).toEqual(['?search=q3+report&sort_by=created_at&sort_order=desc']);
  });

  it('builds the query string from every filter: empty values skipped, tags repeated', async () => {
    const { queries, user } = setup();
    await openFilters(user);
    await user.selectOptions(screen.getByLabelText('File type'), 'PDF document');
    await user.selectOptions(screen.getByLabelText('Size'), '1 MB – 10 MB');
    await user.type(screen.getByLabelText('Uploader'), ' bob ');
    await user.type(screen.getByLabelText('From'), '2024-01-01');
    await user.type(screen.getByLabelText('To'), '2024-12-31');
    await user.type(screen.getByLabelText('Tags'), 'invoices, 2024 ,, Invoices');
    await user.selectOptions(screen.getByLabelText('Folder'), 'Projects / 2024');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'File Size');
    await user.selectOptions(screen.getByLabelText('Order'), 'Ascending');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(queries).toEqual([
      '?mime_type=application%2Fpdf&min_size=1048576&max_size=10485760&uploader=bob&start_date=2024-01-01&end_date=2024-12-31' +
        '&tags=invoices&tags=2024&folder_id=9&sort_by=file_size&sort_order=asc',
    ]);
    expect(screen.getByRole('button', { name: /Filters \(7 active\)/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it("offers the installation's types, one per stored type", async () => {
    mockFetch({ 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['jpg', 'jpeg', 'docx', 'mp4'], registration_open: true } } });
    const { user } = setup();
    await openFilters(user);
    const select = screen.getByLabelText('File type');
    await within(select).findByRole('option', { name: 'Word (docx)' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All types', 'JPEG image', 'Word (docx)', 'MP4 video']);
  });

  it('maps each size preset', async () => {
    const { queries, user } = setup();
    await openFilters(user);
    for (const label of ['Under 1 MB', '10 MB – 100 MB', 'Over 100 MB']) {
      await user.selectOptions(screen.getByLabelText('Size'), label);
      await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    }
    expect(queries.map((q) => new URLSearchParams(q).toString().replace(/&sort_by.*/, ''))).toEqual([
      'min_size=0&max_size=1048576',
      'min_size=10485760&max_size=104857600',
      'min_size=104857600&max_size=999999999999',
    ]);
  });

  it('offers only the file types an upload can have', async () => {
    const { user } = setup();
    await openFilters(user);
    const types = Array.from((screen.getByLabelText('File type') as HTMLSelectElement).options).map((o) => o.value);
    expect(types).toEqual(['', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/markdown', 'text/csv', 'application/json', 'application/zip']);
  });

  it('offers the six sort fields', async () => {
    const { user } = setup();
    await openFilters(user);
    const options = Array.from((screen.getByLabelText('Sort by') as HTMLSelectElement).options).map((o) => [o.value, o.text]);
    expect(options).toEqual([
      ['created_at', 'Upload Date'],
      ['file_size', 'File Size'],
      ['download_count', 'Downloads'],
      ['original_name', 'Name'],
      ['username', 'Owner'],
      ['folder_name', 'Folder'],
    ]);
  });

  it('Reset restores the defaults and searches at once', async () => {
    const { queries, user } = setup({}, { search: 'old', mime_type: 'image/png', tags: ['x'], page: 3 });
    expect(screen.getByRole('searchbox')).toHaveValue('old');
    await openFilters(user);
    expect(screen.getByLabelText('Tags')).toHaveValue('x');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(queries).toEqual(['']);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByLabelText('File type')).toHaveValue('');
    expect(screen.getByLabelText('Tags')).toHaveValue('');
  });

  it('refuses more than 10 tags without searching', async () => {
    const { queries, user } = setup();
    await openFilters(user);
    await user.type(screen.getByLabelText('Tags'), Array.from({ length: 11 }, (_, i) => `t${i}`).join(','));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Maximum 10 tags allowed')).toBeInTheDocument();
    expect(queries).toEqual([]);
  });

  it("shows 'Searching...' while loading", () => {
    renderWithData(<SearchFilterPanel value={{}} onSearch={vi.fn()} loading />);
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
  });

  it('can hide the folder filter', async () => {
    const { user } = setup({ hideFolderFilter: true });
    await openFilters(user);
    expect(screen.queryByLabelText('Folder')).not.toBeInTheDocument();
  });

  it('advanced variant: whole MB bounds converted to bytes, tag chips and Clear all', async () => {
    const { queries, user } = setup({ variant: 'advanced', hideFolderFilter: true });
    await openFilters(user);
    await user.type(screen.getByLabelText('Min size (MB)'), '2');
    await user.type(screen.getByLabelText('Max size (MB)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter a whole number of MB')).toBeInTheDocument();
    expect(queries).toEqual([]);

    await user.clear(screen.getByLabelText('Max size (MB)'));
    await user.type(screen.getByLabelText('Max size (MB)'), '0');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Must not be below the minimum')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Max size (MB)'));
    await user.type(screen.getByLabelText('Max size (MB)'), '5');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'alpha{Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(queries).toEqual(['?min_size=2097152&max_size=5242880&tags=alpha&sort_by=created_at&sort_order=desc']);

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(queries.at(-1)).toBe('');
    expect(screen.getByLabelText('Min size (MB)')).toHaveValue(null);
  });
});
