import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT_PREVIEW_BYTES, type EffectiveVisibility, type FileItem } from '@vault/contract';
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

/** A window this many pixels wide, as CSS min-width queries see it. */
function windowWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity) <= px,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}
beforeEach(() => windowWidth(1280));

interface HarnessProps {
  file: FileItem;
  files?: FileItem[];
  access?: FileAccess;
  onDownload?: () => void;
}

/** The preview as a list drives it: Previous and Next show another file of the list. */
function Harness({ file, files, access, onDownload }: HarnessProps) {
  const [open, setOpen] = useState<FileItem | null>(file);
  return <PreviewModal file={open} onClose={() => setOpen(null)} access={access} onDownload={onDownload} files={files} onStep={setOpen} />;
}

function open(file: FileItem, routes: Record<string, MockReply>, options: Omit<HarnessProps, 'file' | 'onDownload'> = {}) {
  const token = storeSession(makeUser());
  const fetches = mockFetch(routes);
  const onDownload = vi.fn();
  renderUi(<Harness file={file} onDownload={onDownload} {...options} />);
  return { ...fetches, token, onDownload, user: userEvent.setup() };
}

const png = makeFile({ id: 12, original_name: 'photo.png', mime_type: 'image/png', file_size: 1536, is_public: true, tags: ['holiday'] });
const pdf = makeFile({ id: 11, original_name: 'report.pdf' });
const pdfReply = { binary: '%PDF-', contentType: 'application/pdf' };
const PREVIEW_LINK = '/api/files/11/download?dl=signed&inline=1';
/** A PDF's preview: its preview link, then its signature read through it. */
const pdfRoutes = (reply: MockReply = pdfReply) => ({
  'POST /api/files/11/download-link': { body: { url: PREVIEW_LINK, expires_at: '2030-01-01T00:00:00.000Z' } },
  'GET /api/files/11/download': reply,
});
const text = (id: number, name: string, mime: string, size = 100) => makeFile({ id, original_name: name, mime_type: mime, file_size: size });

describe('PreviewModal', () => {
  it('shows the image from ?inline=1 as a blob URL beside the facts, which can be hidden; the URL is revoked on close', async () => {
    const { revoke } = blobUrls();
    const { calls, token, user, onDownload } = open(png, { 'GET /api/files/12/download': { binary: 'png', contentType: 'image/png' } });
    const dialog = screen.getByRole('dialog', { name: 'photo.png' });
    const details = within(dialog).getByRole('complementary', { name: 'Details' });
    expect(details).toHaveTextContent('Namephoto.png');
    expect(details).toHaveTextContent('Typeimage/png');
    expect(details).toHaveTextContent('Size1.5 KB');
    expect(details).toHaveTextContent('VisibilityPublic');
    expect(details).toHaveTextContent('UpdatedFeb 06, 10:08');
    expect(within(details).getByRole('list', { name: 'Tags' })).toHaveTextContent('holiday');
    expect(screen.getByText('Loading preview...')).toBeInTheDocument();

    const image = await screen.findByRole('img', { name: 'Preview of photo.png' });
    expect(image).toHaveAttribute('src', 'blob:preview-1');
    // The picture takes all the room the dialog gives it.
    expect(image).toHaveClass('size-full', 'object-contain');
    expect(calls[0]).toMatchObject({ path: '/api/files/12/download', search: '?inline=1' });
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.has('Range')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByRole('complementary', { name: 'Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of photo.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByRole('complementary', { name: 'Details' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledOnce();

    expect(revoke).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
  });

  it('folds the details away on a phone until asked for', async () => {
    windowWidth(390);
    blobUrls();
    const { user } = open(png, { 'GET /api/files/12/download': { binary: 'png', contentType: 'image/png' } });
    await screen.findByRole('img', { name: 'Preview of photo.png' });
    expect(screen.queryByRole('complementary', { name: 'Details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    expect(screen.getByRole('complementary', { name: 'Details' })).toHaveTextContent('Namephoto.png');
  });

  it("shows a PDF in a frame from its preview link, having read only its signature, so the browser's viewer names it after the file", async () => {
    const { created } = blobUrls();
    pdfViewer(true);
    const { calls, token } = open(pdf, pdfRoutes());
    expect(await screen.findByTitle('Preview of report.pdf')).toHaveAttribute('src', `${PREVIEW_LINK}#view=FitH`);
    expect(calls.map((c) => `${c.method} ${c.path}${c.search}`).filter((c) => c.includes('/files/11/'))).toEqual([
      'POST /api/files/11/download-link?inline=1',
      'GET /api/files/11/download?dl=signed&inline=1',
    ]);
    const [link, head] = calls.filter((c) => c.path.startsWith('/api/files/11/'));
    expect(link!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(head!.headers.get('Range')).toBe('bytes=0-4');
    expect(head!.headers.get('Authorization')).toBeNull();
    expect(created).toEqual([]);
  });

  it("reads a public PDF's signature from the public route and shows it from there", async () => {
    blobUrls();
    pdfViewer(true);
    const { calls } = open(pdf, { 'GET /api/files/public/11/download': pdfReply }, { access: 'public' });
    expect(await screen.findByTitle('Preview of report.pdf')).toHaveAttribute('src', '/api/files/public/11/download?inline=1#view=FitH');
    expect(calls.filter((c) => c.path.includes('/files/')).map((c) => [c.path, c.search, c.headers.get('Range')])).toEqual([['/api/files/public/11/download', '?inline=1', 'bytes=0-4']]);
  });

  it('explains when the browser has no PDF viewer', async () => {
    blobUrls();
    pdfViewer(false);
    open(pdf, pdfRoutes());
    expect(await screen.findByText('This browser cannot show PDFs inside the page. Download the file to read it.')).toBeInTheDocument();
  });

  it("says 'Failed to load PDF' when the bytes are no PDF", async () => {
    blobUrls();
    open(pdf, pdfRoutes({ binary: '<html', contentType: 'application/pdf' }));
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
    const { calls } = open(png, { 'GET /api/files/public/12/download': { binary: 'png', contentType: 'image/png' } }, { access: 'public' });
    await screen.findByRole('img');
    expect(calls[0]).toMatchObject({ path: '/api/files/public/12/download', search: '?inline=1' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it.each<[EffectiveVisibility, string]>([
    [{ kind: 'shared', users: ['alice', 'bob'] }, 'Shared with 2 people: alice, bob'],
    [{ kind: 'shared', users: null }, 'Shared with people by name'],
    [{ kind: 'public_folder', folder_id: 4, folder_name: 'Photos' }, 'Public through the folder Photos'],
    [{ kind: 'private' }, 'Private: only the owner can read it'],
  ])('says in the details who may read the file, all things considered (%o)', (visibility, sentence) => {
    open(makeFile({ original_name: 'budget.zip', mime_type: 'application/zip', is_public: false, visibility }), {});
    expect(within(screen.getByRole('complementary', { name: 'Details' })).getByText(sentence)).toBeInTheDocument();
  });

  it('fetches nothing for types that cannot be previewed', () => {
    const { calls } = open(makeFile({ original_name: 'data.zip', mime_type: 'application/zip' }), {});
    expect(screen.getByText('This file type cannot be previewed in the browser')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('PreviewModal text viewers', () => {
  it('shows plain text as written', async () => {
    blobUrls();
    const { calls } = open(text(20, 'notes.txt', 'text/plain'), {
      'GET /api/files/20/download': { binary: 'line one\n  <b>line two</b>\n', contentType: 'text/plain' },
    });
    const pane = await screen.findByRole('region', { name: 'Preview of notes.txt' });
    expect(pane.querySelector('pre')?.textContent).toBe('line one\n  <b>line two</b>\n');
    expect(pane.querySelector('b')).toBeNull();
    expect(calls[0]).toMatchObject({ path: '/api/files/20/download', search: '?inline=1' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('renders Markdown, showing raw HTML as text and running nothing', async () => {
    blobUrls();
    open(text(21, 'readme.md', 'text/markdown'), {
      'GET /api/files/21/download': {
        binary: '# Read me\n\nSome **bold** words and [a link](https://example.com).\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n',
        contentType: 'text/markdown',
      },
    });
    const pane = await screen.findByRole('region', { name: 'Preview of readme.md' });
    expect(await within(pane).findByRole('heading', { level: 1, name: 'Read me' })).toBeInTheDocument();
    expect(within(pane).getByText('bold').tagName).toBe('STRONG');
    expect(within(pane).getByRole('link', { name: 'a link' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(pane.querySelector('img, script, [onerror]')).toBeNull();
    expect(pane).toHaveTextContent('<img src=x onerror="alert(1)"><script>alert(2)</script>');
  });

  it('shows CSV as a table with its first row as headings', async () => {
    blobUrls();
    open(text(22, 'people.csv', 'text/csv'), {
      'GET /api/files/22/download': { binary: 'name,city\nAda,"London, UK"\nGrace,Arlington\n', contentType: 'text/csv' },
    });
    const table = await screen.findByRole('table', { name: 'people.csv' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['name', 'city']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Ada', 'London, UK'],
      ['Grace', 'Arlington'],
    ]);
  });

  it('shows at most 1,000 rows of a CSV and says so', async () => {
    blobUrls();
    const csv = ['n', ...Array.from({ length: 1005 }, (_, i) => String(i))].join('\n');
    open(text(23, 'many.csv', 'text/csv', csv.length), { 'GET /api/files/23/download': { binary: csv, contentType: 'text/csv' } });
    const table = await screen.findByRole('table', { name: 'many.csv' });
    // Counted by selector: role queries over a thousand rows are slow in jsdom.
    expect(table.querySelectorAll('tbody tr')).toHaveLength(1000);
    expect(table.querySelector('tbody tr:last-child td')).toHaveTextContent('999');
    expect(screen.getByRole('note')).toHaveTextContent('Only the first 1,000 rows are shown.');
  });

  it('shows at most 100 columns of a CSV however wide a row is, and says so', async () => {
    blobUrls();
    const csv = `${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(',')}\n1,2\n`;
    open(text(25, 'wide.csv', 'text/csv', csv.length), { 'GET /api/files/25/download': { binary: csv, contentType: 'text/csv' } });
    const table = await screen.findByRole('table', { name: 'wide.csv' });
    expect(table.querySelectorAll('thead th')).toHaveLength(100);
    expect(table.querySelectorAll('tbody td')).toHaveLength(100);
    expect(table.querySelector('thead th:last-child')).toHaveTextContent('c99');
    expect(screen.getByRole('note')).toHaveTextContent('Only the first 100 columns are shown.');
  });

  it('indents JSON, and shows text that is not JSON as written', async () => {
    blobUrls();
    open(text(24, 'data.json', 'application/json'), {
      'GET /api/files/24/download': { binary: '{"id":12345678901234567890,"tags":["a","b"]}', contentType: 'application/json' },
    });
    const pane = await screen.findByRole('region', { name: 'Preview of data.json' });
    expect(pane.querySelector('pre')?.textContent).toBe('{\n  "id": 12345678901234567890,\n  "tags": [\n    "a",\n    "b"\n  ]\n}');
  });

  it('says when a .json file is not JSON', async () => {
    blobUrls();
    open(text(25, 'broken.json', 'application/json'), { 'GET /api/files/25/download': { binary: '{"id":', contentType: 'application/json' } });
    expect(await screen.findByRole('note')).toHaveTextContent('This is not valid JSON, so it is shown as written.');
    expect(screen.getByRole('region', { name: 'Preview of broken.json' }).querySelector('pre')?.textContent).toBe('{"id":');
  });

  it('reads only the head of a long text, with a Range request, and says so', async () => {
    blobUrls();
    const { calls } = open(text(26, 'huge.txt', 'text/plain', 50 * TEXT_PREVIEW_BYTES), {
      // The head ends inside a two-byte character: the stray byte is not shown.
      'GET /api/files/26/download': { binary: new Uint8Array([...new TextEncoder().encode('start é'), 0xc3]), contentType: 'text/plain' },
    });
    const pane = await screen.findByRole('region', { name: 'Preview of huge.txt' });
    expect(calls[0]?.headers.get('Range')).toBe(`bytes=0-${TEXT_PREVIEW_BYTES - 1}`);
    expect(pane.querySelector('pre')?.textContent).toBe('start é');
    expect(screen.getByRole('note')).toHaveTextContent('Only the first 1 MB are shown. Download the file to see all of it.');
  });
});

describe('PreviewModal stepping through a list', () => {
  const first = text(31, 'a.txt', 'text/plain');
  const zip = makeFile({ id: 32, original_name: 'b.zip', mime_type: 'application/zip' });
  const second = text(33, 'c.md', 'text/markdown');
  const third = makeFile({ id: 34, original_name: 'd.png', mime_type: 'image/png' });
  const list = [first, zip, second, third];
  const routes = {
    'GET /api/files/31/download': { binary: 'first', contentType: 'text/plain' },
    'GET /api/files/33/download': { binary: '# second', contentType: 'text/markdown' },
    'GET /api/files/34/download': { binary: 'png', contentType: 'image/png' },
  };

  it('goes to the next and previous previewable file with the arrow keys and the buttons', async () => {
    blobUrls();
    const { user } = open(second, routes, { files: list });
    expect(screen.getByRole('dialog', { name: 'c.md' })).toBeInTheDocument();
    const navigation = screen.getByRole('group', { name: 'Files in this list' });
    // The zip has no preview: it is not counted or visited.
    expect(navigation).toHaveTextContent('2 of 3');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'd.png' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Preview of d.png' })).toBeInTheDocument();
    expect(navigation).toHaveTextContent('3 of 3');
    expect(within(navigation).getByRole('button', { name: 'Next' })).toBeDisabled();
    // At the end, the next arrow goes nowhere.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'd.png' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'a.txt' })).toBeInTheDocument();
    expect(await screen.findByText('first')).toBeInTheDocument();
    expect(within(navigation).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(navigation).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'c.md' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'second' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves arrows with a modifier to the browser', async () => {
    blobUrls();
    const { user } = open(second, routes, { files: list });
    await user.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(screen.getByRole('dialog', { name: 'c.md' })).toBeInTheDocument();
  });

  it('offers no stepping for a file alone', () => {
    blobUrls();
    open(first, routes, { files: [first, zip] });
    expect(screen.queryByRole('group', { name: 'Files in this list' })).not.toBeInTheDocument();
  });
});

describe('PreviewModal video and audio', () => {
  const video = makeFile({ id: 40, original_name: 'clip.webm', mime_type: 'video/webm', file_size: 50 * TEXT_PREVIEW_BYTES });
  const audio = makeFile({ id: 41, original_name: 'song.wav', mime_type: 'audio/wav', file_size: 4096 });
  /** Each preview link asked for is a new one, as the server's are. */
  const links = (id: number) => {
    let n = 0;
    return {
      [`POST /api/files/${id}/download-link`]: () => ({ body: { url: `/api/files/${id}/download?dl=link-${(n += 1)}&inline=1`, expires_at: '2030-01-01T00:00:00.000Z' } }),
    };
  };
  const player = (name: string) => screen.findByLabelText(`Preview of ${name}`);
  /** What jsdom leaves out of a media element: its error's codes, and playing. */
  function mediaElements() {
    vi.stubGlobal('MediaError', { MEDIA_ERR_ABORTED: 1, MEDIA_ERR_NETWORK: 2, MEDIA_ERR_DECODE: 3, MEDIA_ERR_SRC_NOT_SUPPORTED: 4 });
    return {
      play: vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined),
      pause: vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined),
      load: vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined),
    };
  }
  const failWith = (element: HTMLElement, code: number) => {
    Object.defineProperty(element, 'error', { value: { code }, configurable: true });
    fireEvent.error(element);
  };

  it('plays a video from its preview link, reading nothing itself, with controls and no autoplay', async () => {
    const { created } = blobUrls();
    mediaElements();
    const { calls } = open(video, links(40));
    const element = await player('clip.webm');
    expect(element.tagName).toBe('VIDEO');
    expect(element).toHaveAttribute('src', '/api/files/40/download?dl=link-1&inline=1');
    expect(element).toHaveAttribute('controls');
    expect(element).toHaveAttribute('playsinline');
    expect(element).toHaveAttribute('preload', 'metadata');
    expect(element).not.toHaveAttribute('autoplay');
    expect(element).toHaveClass('size-full', 'object-contain');
    // The player reads the ranges it needs: no byte of the file goes through a blob.
    expect(calls.map((c) => `${c.method} ${c.path}${c.search}`)).toEqual(['POST /api/files/40/download-link?inline=1']);
    expect(created).toEqual([]);
  });

  it("plays a public audio file from the public route, and asks for nothing", async () => {
    blobUrls();
    mediaElements();
    const { calls } = open(audio, {}, { access: 'public' });
    const element = await player('song.wav');
    expect(element.tagName).toBe('AUDIO');
    expect(element).toHaveAttribute('src', '/api/files/public/41/download?inline=1');
    expect(element).toHaveAttribute('controls');
    expect(element).toHaveAttribute('preload', 'metadata');
    expect(element).not.toHaveAttribute('autoplay');
    expect(calls).toEqual([]);
  });

  it.each([
    [video, 'This video cannot be played in the browser. Download the file to watch it.'],
    [audio, 'This audio cannot be played in the browser. Download the file to listen to it.'],
  ])('says when the browser cannot play %s', async (file, message) => {
    blobUrls();
    mediaElements();
    open(file, links(file.id));
    failWith(await player(file.original_name), 4);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText(`Preview of ${file.original_name}`)).not.toBeInTheDocument();
  });

  it('goes on from a fresh preview link where it stood when the link stops serving, once', async () => {
    blobUrls();
    const { play } = mediaElements();
    const { calls } = open(video, links(40));
    const first = await player('clip.webm');
    fireEvent.loadedMetadata(first);
    // An hour in, the link has run out: the next range is refused while the film plays at 2,400 s.
    (first as HTMLVideoElement).currentTime = 2400;
    Object.defineProperty(first, 'paused', { value: false, configurable: true });
    failWith(first, 2);
    await waitFor(() => expect(first).toHaveAttribute('src', '/api/files/40/download?dl=link-2&inline=1'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
    // The same element (full screen stays full screen) picks up where it was.
    expect(await player('clip.webm')).toBe(first);
    (first as HTMLVideoElement).currentTime = 0;
    fireEvent.loadedMetadata(first);
    expect((first as HTMLVideoElement).currentTime).toBe(2400);
    expect(play).toHaveBeenCalledOnce();
    // A fresh link failing again at once is no run-out link: the user is told, not sent round in circles.
    failWith(first, 2);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load preview');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('steps across a video: the arrows of a focused player seek in it, and stepping away stops it', async () => {
    blobUrls();
    const { pause } = mediaElements();
    const before = text(42, 'a.txt', 'text/plain');
    const after = makeFile({ id: 43, original_name: 'd.png', mime_type: 'image/png' });
    const { user } = open(before, { ...links(40), 'GET /api/files/42/download': { binary: 'first', contentType: 'text/plain' }, 'GET /api/files/43/download': { binary: 'png', contentType: 'image/png' } }, { files: [before, video, after] });
    expect(await screen.findByText('first')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'clip.webm' })).toBeInTheDocument();
    const element = await player('clip.webm');
    expect(screen.getByRole('group', { name: 'Files in this list' })).toHaveTextContent('2 of 3');

    // Arrow keys on the player belong to it.
    element.focus();
    fireEvent.keyDown(element, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'clip.webm' })).toBeInTheDocument();

    pause.mockClear();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'd.png' })).toBeInTheDocument();
    expect(pause).toHaveBeenCalled();
    expect(pause.mock.contexts).toContain(element);
    expect(await screen.findByRole('img', { name: 'Preview of d.png' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Preview of clip.webm')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await player('clip.webm')).toHaveAttribute('src', '/api/files/40/download?dl=link-2&inline=1');
  });
});
