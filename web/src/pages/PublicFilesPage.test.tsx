import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetch-mock';
import { fileList, makeFile } from '../test/files';
import { renderApp } from '../test/render-app';

const files = [
  makeFile({ id: 1, original_name: 'sunset.png', mime_type: 'image/png', is_public: true, download_count: 4 }),
  makeFile({ id: 2, original_name: 'sheet.pdf', is_public: true, download_count: 3 }),
];

const ROUTES = { 'GET /api/config': { body: { demo: null, max_file_bytes: 1, allowed_types: ['png'], registration_open: true } }, 'GET /api/files/public': { body: fileList(files, 42) } };

function statValue(label: string) {
  return screen.getByText(label, { selector: 'p' }).nextElementSibling;
}

describe('PublicFilesPage', () => {
  it('shows the three stats over the current page, and downloads but no delete', async () => {
    mockFetch(ROUTES);
    renderApp('/public');
    const row = (await screen.findByText('sunset.png')).closest('li')!;
    expect(statValue('Public Files')).toHaveTextContent('42');
    expect(statValue('Total Downloads')).toHaveTextContent('7');
    expect(statValue('Currently Viewing')).toHaveTextContent('2');
    expect(within(row).getByRole('button', { name: 'Download sunset.png' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete sunset.png' })).not.toBeInTheDocument();
  });

  it('searches anonymously, without a folder filter', async () => {
    const { calls } = mockFetch(ROUTES);
    const user = userEvent.setup();
    renderApp('/public');
    await screen.findByText('sunset.png');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByLabelText('Folder')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sun{Enter}');
    await expect.poll(() => calls.filter((c) => c.path === '/api/files/public').map((c) => new URLSearchParams(c.search).get('search'))).toContain('sun');
    expect(calls.every((c) => !c.headers.get('authorization'))).toBe(true);
  });
});
