import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { FileList } from './FileList';

const files = [
  makeFile({ id: 31, original_name: 'a.txt', mime_type: 'text/plain', file_size: 5 }),
  makeFile({ id: 32, original_name: 'b.zip', mime_type: 'application/zip' }),
  makeFile({ id: 33, original_name: 'c.json', mime_type: 'application/json', file_size: 8 }),
];

function openList(path = '/files') {
  storeSession(makeUser({ id: 7 }));
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
  mockFetch({
    'GET /api/files/31/download': { binary: 'first', contentType: 'text/plain' },
    'GET /api/files/33/download': { binary: '{"n":1}', contentType: 'application/json' },
  });
  return { ...renderUi(<FileList files={files} currentUserId={7} />, path), user: userEvent.setup() };
}

describe('the preview in the URL', () => {
  it('follows Previous and Next in ?preview=, and Back still closes the preview', async () => {
    const { user, router } = openList();
    await user.click(screen.getByRole('button', { name: 'Preview a.txt' }));
    expect(await screen.findByRole('dialog', { name: 'a.txt' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?preview=31');

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'c.json' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?preview=33');
    expect(await screen.findByText(/"n": 1/)).toBeInTheDocument();

    // Stepping replaced the entry: one Back leaves the preview, not the page.
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location).toMatchObject({ pathname: '/files', search: '' });
  });

  it('opens from a link and steps from there; Escape drops the parameter', async () => {
    const { user, router } = openList('/files?preview=33');
    expect(await screen.findByRole('dialog', { name: 'c.json' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'a.txt' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?preview=31');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
