import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileItem } from '@vault/contract';
import type { FileAccess } from '../../api/files';
import { mockFetch, type MockReply } from '../../test/fetch-mock';
import { makeFile } from '../../test/files';
import { storeSession } from '../../test/render-app';
import { renderUi } from '../../test/render-ui';
import { makeUser } from '../../test/tokens';
import { PreviewModal } from './PreviewModal';

function blobUrls() {
  let n = 0;
  const created: Blob[] = [];
  const revoke = vi.fn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), `blob:preview-${(n += 1)}`), revokeObjectURL: revoke }));
  return { created, revoke };
}

/** jsdom has no navigator.pdfViewerEnabled; browsers without a PDF viewer report false. */
function pdfViewer(enabled: boolean) {
  Object.defineProperty(navigator, 'pdfViewerEnabled', { value: enabled, configurable: true });
}
afterEach(() => Reflect.deleteProperty(navigator, 'pdfViewerEnabled'));

function Harness({ file, access, onDownload }: { file: FileItem; access?: FileAccess; onDownload?: () => void }) {
  const [open, setOpen] = useState<FileItem | null>(file);
  return <PreviewModal file={open} onClose={() => setOpen(null)} access={access} onDownload={onDownload} />;
}

function open(file: FileItem, routes: Record<string, MockReply>, access?: FileAccess) {
  const token = storeSession(makeUser());
  const fetches = mockFetch(routes);
  const onDownload = vi.fn();
  renderUi(<Harness file={file} access={access} onDownload={onDownload} />);
  return { ...fetches, token, onDownload, user: userEvent.setup() };
}

const png = makeFile({ id: 12, original_name: 'photo.png', mime_type: 'image/png', file_size: 1536, is_public: true });
const pdf = makeFile({ id: 11, original_name: 'report.pdf' });
const pdfReply = { binary: '%PDF-1.4\n%%EOF\n', contentType: 'application/pdf' };

describe('PreviewModal', () => {
  it('shows the file information and the image from ?inline=1 as a blob URL, revoked on close', async () => {
    const { revoke } = blobUrls();
    const { calls, token, user, onDownload } = open(png, { 'GET /api/files/12/download': { binary: 'png', contentType: 'image/png' } });
    const dialog = screen.getByRole('dialog', { name: 'photo.png' });
    expect(dialog).toHaveTextContent('Namephoto.png');
    expect(dialog).toHaveTextContent('Typeimage/png');
    expect(dialog).toHaveTextContent('Size1.5 KB');
    expect(dialog).toHaveTextContent('VisibilityPublic');
    expect(screen.getByText('Loading preview...')).toBeInTheDocument();

    const image = await screen.findByRole('img', { name: 'Preview of photo.png' });
    expect(image).toHaveAttribute('src', 'blob:preview-1');
    expect(calls[0]).toMatchObject({ path: '/api/files/12/download', search: '?inline=1' });
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);

    await user.click(screen.getByRole('button', { name: 'Hide Preview' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Preview' }));
    expect(screen.getByRole('img', { name: 'Preview of photo.png' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledOnce();

    expect(revoke).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
  });

  it('shows a PDF in a frame', async () => {
    blobUrls();
    pdfViewer(true);
    open(pdf, { 'GET /api/files/11/download': pdfReply });
    expect(await screen.findByTitle('Preview of report.pdf')).toHaveAttribute('src', 'blob:preview-1#view=FitH');
  });

  it('explains when the browser has no PDF viewer', async () => {
    blobUrls();
    pdfViewer(false);
    open(pdf, { 'GET /api/files/11/download': pdfReply });
    expect(await screen.findByText('This browser cannot show PDFs inside the page. Download the file to read it.')).toBeInTheDocument();
  });

  it("says 'Failed to load PDF' when the bytes are no PDF", async () => {
    blobUrls();
    open(pdf, { 'GET /api/files/11/download': { binary: '<html>', contentType: 'application/pdf' } });
    expect(await screen.findByText('Failed to load PDF')).toBeInTheDocument();
  });

  it("says 'Failed to load image' when the image cannot be shown", async () => {
    blobUrls();
    open(png, { 'GET /api/files/12/download': { binary: 'broken', contentType: 'image/png' } });
    fireEvent.error(await screen.findByRole('img'));
    expect(screen.getByText('Failed to load image')).toBeInTheDocument();
  });

  it("says 'Failed to load preview' when the server refuses", async () => {
    blobUrls();
    open(png, { 'GET /api/files/12/download': { status: 404, body: { error: 'File not found' } } });
    expect(await screen.findByText('Failed to load preview')).toBeInTheDocument();
  });

  it('reads public files through the public route without a token', async () => {
    blobUrls();
    const { calls } = open(png, { 'GET /api/files/public/12/download': { binary: 'png', contentType: 'image/png' } }, 'public');
    await screen.findByRole('img');
    expect(calls[0]).toMatchObject({ path: '/api/files/public/12/download', search: '?inline=1' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('fetches nothing for types that cannot be previewed', () => {
    const { calls } = open(makeFile({ original_name: 'data.zip', mime_type: 'application/zip' }), {});
    expect(screen.getByText('This file type cannot be previewed in the browser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Preview/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
