import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AccountStorage } from '@vault/contract';
import { MIB } from '../../lib/bytes';
import { mockFetch } from '../../test/fetch-mock';
import { renderUi } from '../../test/render-ui';
import { storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';
import { StorageCard } from './StorageCard';

const storage: AccountStorage = {
  quota_bytes: 1024 * MIB,
  used_bytes: 256 * MIB,
  logical_bytes: 300 * MIB,
  savings_bytes: 44 * MIB,
  total_files: 5,
  largest: [
    { id: 12, original_name: 'holiday.mp4.zip', file_size: 200 * MIB },
    { id: 3, original_name: 'report.pdf', file_size: 2 * MIB },
  ],
};

function figure(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

describe('StorageCard', () => {
  it('shows use, quota, savings, the files charged (Trash included) and the largest files', async () => {
    storeSession(makeUser({ id: 7, username: 'alice' }));
    mockFetch({ 'GET /api/account/storage': { body: storage } });
    renderUi(<StorageCard />);
    expect(await screen.findByText('Largest files')).toBeInTheDocument();
    expect(figure('Used')).toHaveTextContent('256 MB (25.0%)');
    expect(figure('Quota')).toHaveTextContent('1 GB');
    expect(figure('Saved by deduplication')).toHaveTextContent('44 MB');
    // The count goes with what is charged: files in Trash count against the quota until deleted for good.
    expect(figure('Files, Trash included')).toHaveTextContent('5 files');
    const largest = within(screen.getByRole('list')).getAllByRole('link');
    expect(largest.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['holiday.mp4.zip', '/files/12'],
      ['report.pdf', '/files/3'],
    ]);
    expect(screen.getByRole('link', { name: 'See all files by size' })).toHaveAttribute('href', '/dashboard?sort_by=file_size&sort_order=desc');
  });
});
