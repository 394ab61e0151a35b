import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { FileThumbnail } from './FileThumbnail';

function show(id: number, reply: { status?: number; binary?: string; body?: unknown; contentType?: string }) {
  storeSession(makeUser());
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: vi.fn() }));
  const fetches = mockFetch({ [`GET /api/files/${id}/thumbnail`]: reply });
  const { container } = renderUi(<FileThumbnail file={makeFile({ id, original_name: 'report.pdf', mime_type: 'application/pdf' })} access="account" />);
  return { ...fetches, container };
}

describe('FileThumbnail', () => {
  it("shows a PDF's first page from the server, read from its top", async () => {
    const { calls } = show(5, { binary: 'webp', contentType: 'image/webp' });
    const img = await screen.findByRole('presentation');
    expect(img).toHaveAttribute('src', 'blob:thumb');
    expect(img).toHaveClass('object-cover', 'object-top');
    expect(calls.map((c) => c.path)).toEqual(['/api/files/5/thumbnail']);
  });

  it('keeps the type icon when the server cannot draw one', async () => {
    const { calls, container } = show(6, { status: 415, body: { error: 'This file cannot be shown as a thumbnail' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
