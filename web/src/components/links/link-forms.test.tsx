import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileRequest, ShareLink } from '@vault/contract';
import { changeLanguage, i18n } from '../../i18n';
import { MIB } from '../../lib/bytes';
import { mockFetch, type MockRequest } from '../../test/fetch-mock';
import { makeFolder } from '../../test/folders';
import { renderUi } from '../../test/render-ui';
import { storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';
import { CreateFileRequestDialog } from './CreateFileRequestDialog';
import { ShareLinkForm } from './ShareLinkForm';
import { makeFileRequest } from '../../test/file-requests';

afterEach(() => void i18n.changeLanguage('en'));

const link: ShareLink = {
  id: 31,
  token: 'B'.repeat(43),
  path: `/s/${'B'.repeat(43)}`,
  item: { type: 'file', id: 5, name: 'plan.pdf' },
  label: null,
  state: 'expired',
  has_password: false,
  expires_at: '2024-01-05T22:59:59.000Z',
  max_downloads: null,
  allow_preview: true,
  views: 0,
  downloads: 0,
  last_used_at: null,
  created_at: '2024-01-01T10:00:00.000Z',
};

const request = (overrides: Partial<FileRequest> = {}) => makeFileRequest({ id: 6, ...overrides });

/** The bodies the form sent to `route`. */
function sentTo(calls: readonly MockRequest[], route: string) {
  return calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body);
}

describe('link forms check their fields themselves, in the interface language', () => {
  it('says under the download limit, in German, what it takes, and sends nothing until it is right', async () => {
    await changeLanguage('de');
    storeSession(makeUser({ id: 7 }));
    const { calls } = mockFetch({ 'POST /api/links': { status: 201, body: { link: { ...link, state: 'active', expires_at: null } } } });
    renderUi(<ShareLinkForm item={{ type: 'file', id: 5 }} onDone={() => undefined} />);
    const user = userEvent.setup();
    const limit = screen.getByLabelText('Download-Limit (optional)');
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Link erstellen' }));
    expect(await screen.findByText('Geben Sie eine ganze Zahl von 1 bis 1.000.000 ein')).toBeInTheDocument();
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(calls, 'POST /api/links')).toEqual([]);

    // Typing clears the message; a whole number is sent as one.
    await user.clear(limit);
    expect(screen.queryByText(/Geben Sie eine ganze Zahl/)).not.toBeInTheDocument();
    await user.type(limit, '5');
    await user.click(screen.getByRole('button', { name: 'Link erstellen' }));
    await waitFor(() => expect(sentTo(calls, 'POST /api/links')).toHaveLength(1));
    expect(sentTo(calls, 'POST /api/links')[0]).toMatchObject({ max_downloads: 5, expires_at: null });
  });

  it('refuses a day that is over, but an edit that leaves a passed expiry alone saves', async () => {
    storeSession(makeUser({ id: 7 }));
    const { calls } = mockFetch({ 'PATCH /api/links/31': { body: { link } } });
    renderUi(<ShareLinkForm item={{ type: 'file', id: 5 }} link={link} onDone={() => undefined} />);
    const user = userEvent.setup();
    const expires = screen.getByLabelText('Expires on (optional)');
    await user.type(screen.getByLabelText('Label (optional)'), 'Printer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(calls, 'PATCH /api/links/31')).toEqual([{ label: 'Printer' }]));

    await user.clear(expires);
    await user.type(expires, '2024-01-04');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a day that is not over yet')).toBeInTheDocument();
    expect(sentTo(calls, 'PATCH /api/links/31')).toHaveLength(1);
  });

  it('checks a file request’s number of files and size, taking a decimal comma for MB', async () => {
    await changeLanguage('de');
    storeSession(makeUser({ id: 7 }));
    const { calls } = mockFetch({
      'GET /api/folders': { body: { folders: [makeFolder({ id: 9, name: 'Inbox' })], total: 1 } },
      'POST /api/requests': { status: 201, body: { request: request() } },
    });
    renderUi(<CreateFileRequestDialog open onOpenChange={() => undefined} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Neue Dateianfrage' });
    await within(dialog).findByRole('option', { name: 'Inbox' });
    await user.selectOptions(within(dialog).getByLabelText(/In Ordner/), 'Inbox');
    const files = within(dialog).getByLabelText('Maximale Anzahl an Dateien (optional)');
    const size = within(dialog).getByLabelText('Maximale Gesamtgröße in MB (optional)');
    await user.type(files, '1,5');
    await user.type(size, '0,5');
    await user.click(within(dialog).getByRole('button', { name: 'Anfrage erstellen' }));
    expect(await within(dialog).findByText('Geben Sie eine ganze Zahl von 1 bis 10.000 ein')).toBeInTheDocument();
    expect(within(dialog).getByText('Geben Sie eine Größe von mindestens 1 MB ein')).toBeInTheDocument();
    expect(sentTo(calls, 'POST /api/requests')).toEqual([]);

    await user.clear(files);
    await user.type(files, '3');
    await user.clear(size);
    await user.type(size, '2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Anfrage erstellen' }));
    await waitFor(() => expect(sentTo(calls, 'POST /api/requests')).toHaveLength(1));
    expect(sentTo(calls, 'POST /api/requests')[0]).toMatchObject({ folder_id: 9, max_files: 3, max_bytes: 2.5 * MIB });
  });
});
