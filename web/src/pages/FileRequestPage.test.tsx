import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { DEFAULT_EXTENSIONS } from '@vault/contract';
import type * as tus from 'tus-js-client';
import { mockFetch, type MockReply } from '../test/fetch-mock';
import { storeLinkGrant } from '../test/link-grants';
import { renderApp } from '../test/render-app';

/** Each tus upload the page started, as tus-js-client received it; the test plays the server. */
interface FakeUpload {
  file: File;
  options: tus.UploadOptions;
  start: ReturnType<typeof vi.fn>;
  abort: ReturnType<typeof vi.fn>;
  resumeFromPreviousUpload: ReturnType<typeof vi.fn>;
}
const started = vi.hoisted(() => [] as FakeUpload[]);
/** What the browser remembers of earlier uploads, by file name. */
const remembered = vi.hoisted(() => new Map<string, { uploadUrl: string }>());
vi.mock('tus-js-client', () => ({
  Upload: class {
    start = vi.fn();
    abort = vi.fn(async () => undefined);
    resumeFromPreviousUpload = vi.fn();
    constructor(
      readonly file: File,
      readonly options: tus.UploadOptions,
    ) {
      started.push(this as unknown as FakeUpload);
    }
    findPreviousUploads = async () => {
      const previous = remembered.get(this.file.name);
      return previous ? [previous] : [];
    };
  },
}));

afterEach(() => {
  focusManager.setFocused(undefined);
  started.length = 0;
  remembered.clear();
  sessionStorage.clear();
});

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const CONFIG = { body: { demo: null, max_file_bytes: 104_857_600, allowed_types: [...DEFAULT_EXTENSIONS], registration_open: true } };
const OPEN_VIEW = { body: { owner: 'alice', message: null, expires_at: null, files_left: null, bytes_left: null } };

function openRequest(view: MockReply = OPEN_VIEW, routes: Record<string, MockReply> = {}) {
  const fetches = mockFetch({ 'GET /api/config': CONFIG, [`GET /api/r/${TOKEN}`]: view, ...routes });
  renderApp(`/r/${TOKEN}`);
  return { ...fetches, user: userEvent.setup({ applyAccept: false }) };
}

const file = (name: string, content: string) => new File([content], name, { type: 'text/plain', lastModified: 1 });

/** The headers the page's upload puts on each request. */
function headersOf(upload: FakeUpload): Record<string, string> {
  const headers: Record<string, string> = {};
  upload.options.onBeforeRequest?.({ setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as tus.HttpRequest);
  return headers;
}

/** The visitor leaves the tab and comes back to it. */
function returnToTab() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

const succeed = (upload: FakeUpload) => upload.options.onSuccess?.({ lastResponse: { getHeader: () => undefined } as unknown as tus.HttpResponse });

describe('FileRequestPage', () => {
  it('tells visitors of a closed request that it is closed, not that a link was revoked', async () => {
    mockFetch({
      'GET /api/config': { body: { demo: null, max_file_bytes: 104_857_600, allowed_types: [...DEFAULT_EXTENSIONS], registration_open: true } },
      [`GET /api/r/${TOKEN}`]: { status: 410, body: { error: 'This link has been revoked by its owner.', link_refusal: 'revoked' } },
    });
    renderApp(`/r/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Request closed' })).toBeInTheDocument();
    expect(screen.getByText('This file request is closed: its owner no longer accepts files here.')).toBeInTheDocument();
    expect(screen.queryByText(/revoked/)).not.toBeInTheDocument();
  });

  it('tells visitors of a full request that it is full, not that a download limit was reached', async () => {
    openRequest({ status: 410, body: { error: 'This link has reached its download limit.', link_refusal: 'exhausted' } });
    expect(await screen.findByRole('heading', { name: 'Request full' })).toBeInTheDocument();
    expect(screen.queryByText(/download limit/i)).not.toBeInTheDocument();
  });

  it('asks again as a re-check once the page was seen, so the owner counts one visit', async () => {
    const { calls } = openRequest();
    expect(await screen.findByLabelText('Files to upload')).toBeInTheDocument();
    returnToTab();
    await waitFor(() => expect(calls.filter((c) => c.path === `/api/r/${TOKEN}`)).toHaveLength(2));
    expect(calls.filter((c) => c.path === `/api/r/${TOKEN}`).map((c) => c.query.get('again'))).toEqual([null, '1']);
  });

  it('sends each file resumably to the request, one after the other, with per-file progress', async () => {
    storeLinkGrant('r', TOKEN, 'the-grant');
    const { user, calls } = openRequest();
    await user.upload(await screen.findByLabelText('Files to upload'), [file('a.txt', 'aaaa'), file('b.txt', 'bb')]);
    await user.type(screen.getByLabelText('Your name (optional)'), '  Bob  ');
    await user.click(screen.getByRole('button', { name: 'Send 2 files' }));

    await waitFor(() => expect(started).toHaveLength(1));
    const [first] = started as [FakeUpload];
    expect(first.options.endpoint).toBe(`/api/r/${TOKEN}/uploads`);
    expect(first.options.metadata).toEqual({ filename: 'a.txt', uploader_name: 'Bob' });
    // The link's grant, never a session.
    expect(headersOf(first)).toEqual({ 'X-Link-Grant': 'the-grant' });
    expect(first.start).toHaveBeenCalled();

    first.options.onProgress?.(2, 4);
    const list = screen.getByRole('list', { name: 'Files to send' });
    await waitFor(() => expect(within(list).getByRole('progressbar', { name: 'a.txt' })).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByRole('progressbar', { name: 'Sending files' })).toHaveAttribute('aria-valuenow', '33');
    // Transfers read as the upload page's do: whole percent, rounded down (100% only once done).
    expect(within(list).getByText('50% · 4 Bytes')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sending files' })).toHaveAttribute('aria-valuetext', '33%');

    succeed(first);
    await waitFor(() => expect(started).toHaveLength(2));
    expect(started[1]!.options.metadata).toEqual({ filename: 'b.txt', uploader_name: 'Bob' });
    succeed(started[1]!);

    const sent = await screen.findByRole('list', { name: 'Sent files' });
    await waitFor(() => expect(within(sent).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['b.txt2\u00a0Bytes', 'a.txt4\u00a0Bytes']));
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    // Nothing went through the one-request multipart route.
    expect(calls.some((c) => c.path.endsWith('/upload'))).toBe(false);
  });

  it('sends once however often Send is clicked: the button holds from the first click', async () => {
    const { user, calls } = openRequest();
    await user.upload(await screen.findByLabelText('Files to upload'), [file('a.txt', 'a')]);
    const send = screen.getByRole('button', { name: 'Send 1 file' });
    await user.dblClick(send);
    expect(send).toBeDisabled();

    await waitFor(() => expect(started).toHaveLength(1));
    succeed(started[0]!);
    await waitFor(() => expect(send).not.toHaveAttribute('aria-busy'));
    expect(within(screen.getByRole('list', { name: 'Sent files' })).getAllByRole('listitem')).toHaveLength(1);
    expect(started).toHaveLength(1);
    // The page's first look, the check before the file, and the one after it.
    expect(calls.filter((c) => c.path === `/api/r/${TOKEN}`)).toHaveLength(3);
  });

  it('goes on where a file stopped, pauses and resumes, and keeps a failed file to send again', async () => {
    remembered.set('big.txt', { uploadUrl: `/api/r/${TOKEN}/uploads/0123456789abcdef0123456789abcdef` });
    const { user } = openRequest();
    await user.upload(await screen.findByLabelText('Files to upload'), [file('big.txt', 'x'.repeat(10))]);
    await user.click(screen.getByRole('button', { name: 'Send 1 file' }));

    await waitFor(() => expect(started).toHaveLength(1));
    const [upload] = started as [FakeUpload];
    await waitFor(() => expect(upload.start).toHaveBeenCalledTimes(1));
    expect(upload.resumeFromPreviousUpload).toHaveBeenCalledWith({ uploadUrl: `/api/r/${TOKEN}/uploads/0123456789abcdef0123456789abcdef` });
    expect(headersOf(upload)).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(upload.abort).toHaveBeenCalledWith(false);
    expect(screen.getByRole('progressbar', { name: 'Paused' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(upload.start).toHaveBeenCalledTimes(2));

    const refusal = Object.assign(new Error('refused'), {
      originalResponse: { getStatus: () => 410, getBody: () => JSON.stringify({ error: 'This file request is closed', link_refusal: 'revoked' }) },
    });
    upload.options.onError?.(refusal);
    await screen.findByText('This file request is closed');
    expect(screen.getByText('The files could not be sent')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getByText('big.txt')).toBeInTheDocument();
  });
  it('shows what the request still takes after each file, and stops sending once it is full', async () => {
    let left = 2;
    const { user } = openRequest(() =>
      left > 0
        ? { body: { owner: 'alice', message: null, expires_at: null, files_left: left, bytes_left: null } }
        : { status: 410, body: { error: 'This link has reached its download limit.', link_refusal: 'exhausted' } },
    );
    expect(await screen.findByText('2 files left')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Files to upload'), [file('a.txt', 'a'), file('b.txt', 'b'), file('c.txt', 'c')]);
    await user.click(screen.getByRole('button', { name: 'Send 3 files' }));

    await waitFor(() => expect(started).toHaveLength(1));
    left = 1;
    succeed(started[0]!);
    expect(await screen.findByText('1 file left')).toBeInTheDocument();
    await waitFor(() => expect(started).toHaveLength(2));
    left = 0;
    succeed(started[1]!);

    // Full: the page says so, takes no more files, and never tries the third.
    expect(await screen.findByText('Request full')).toBeInTheDocument();
    expect(screen.getByText('This file request has received all the files it takes.')).toBeInTheDocument();
    expect(screen.queryByText(/files? left/)).toBeNull();
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    expect(screen.queryByText('The files could not be sent')).toBeNull();
    expect(started).toHaveLength(2);
    expect(within(screen.getByRole('list', { name: 'Sent files' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows that the owner closed the request while the page was open when the visitor tries to send', async () => {
    let closed = false;
    const { user } = openRequest(() => (closed ? { status: 410, body: { error: 'This link has been revoked by its owner.', link_refusal: 'revoked' } } : OPEN_VIEW));
    await user.upload(await screen.findByLabelText('Files to upload'), [file('a.txt', 'a')]);
    closed = true;
    await user.click(screen.getByRole('button', { name: 'Send 1 file' }));
    expect(await screen.findByText('Request closed')).toBeInTheDocument();
    expect(screen.getByText('This file request is closed: its owner no longer accepts files here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    expect(started).toHaveLength(0);
  });

  it('asks again when the visitor returns to the tab', async () => {
    let closed = false;
    const { calls } = openRequest(() => (closed ? { status: 410, body: { error: 'This link has been revoked by its owner.', link_refusal: 'revoked' } } : OPEN_VIEW));
    expect(await screen.findByLabelText('Files to upload')).toBeInTheDocument();
    closed = true;
    returnToTab();
    expect(await screen.findByText('Request closed')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/api/r/${TOKEN}`)).toHaveLength(2);
  });
  it('sends each part with the grant as it stands then: renewed while the page is open', async () => {
    storeLinkGrant('r', TOKEN, 'the-grant', 5);
    const renewed = { body: { grant: 'renewed-grant', expires_at: new Date(Date.now() + 30 * 60_000).toISOString() } };
    const { user, calls } = openRequest(OPEN_VIEW, { [`POST /api/r/${TOKEN}/grant`]: renewed });
    await user.upload(await screen.findByLabelText('Files to upload'), [file('a.txt', 'aaaa')]);
    await user.click(screen.getByRole('button', { name: 'Send 1 file' }));
    await waitFor(() => expect(started).toHaveLength(1));
    await waitFor(() => expect(headersOf(started[0]!)).toEqual({ 'X-Link-Grant': 'renewed-grant' }));
    expect(calls.find((c) => c.path === `/api/r/${TOKEN}/grant`)!.headers.get('x-link-grant')).toBe('the-grant');
  });

  it('asks for the password again when the owner changed it while the page was open', async () => {
    storeLinkGrant('r', TOKEN, 'the-grant');
    let changed = false;
    openRequest(() => (changed ? { status: 401, body: { error: 'This link is protected by a password.', link_refusal: 'password_required' } } : OPEN_VIEW));
    expect(await screen.findByLabelText('Files to upload')).toBeInTheDocument();
    changed = true;
    returnToTab();
    expect(await screen.findByRole('heading', { name: 'Password required' })).toBeInTheDocument();
  });
});
