import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_EXTENSIONS } from '@vault/contract';
import type { ResumableOptions } from '../../api/uploads';
import { uploadQueue } from '../upload/upload-queue';
import { mockFetch } from '../../test/fetch-mock';
import { filesTransfer, itemsTransfer } from '../../test/drag';
import { makeFolder } from '../../test/folders';
import { storageStats, userStats } from '../../test/files';
import { renderApp, storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';

/** The files the upload queue started sending, with their options. */
const started = vi.hoisted(() => [] as { file: File; options: ResumableOptions }[]);
vi.mock('../../api/uploads', () => ({
  ResumableUpload: class {
    start = vi.fn(async () => undefined);
    pause = vi.fn(async () => undefined);
    constructor(file: File, options: ResumableOptions) {
      started.push({ file, options });
    }
  },
}));
vi.mock('../upload/content-hashes', async (original) => ({
  ...(await original<typeof import('../upload/content-hashes')>()),
  workerHashing: () => async (f: File) => `sha256 of ${f.name}`,
}));

afterEach(() => {
  started.length = 0;
  uploadQueue.clear();
});

const campaign = makeFolder({ id: 2, name: 'Campaign' });

function open(path: string, user = makeUser()) {
  storeSession(user);
  const fetches = mockFetch({
    'GET /api/auth/me': { body: { user } },
    'GET /api/config': { body: { demo: null, max_file_bytes: 104_857_600, allowed_types: [...DEFAULT_EXTENSIONS], registration_open: true } },
    'GET /api/auth/stats': { body: userStats },
    'GET /api/files/storage/stats': { body: storageStats },
    'GET /api/files': { body: { files: [], total: 0, page: 1, limit: 20 } },
    'GET /api/folders/2': { body: { folder: campaign } },
    'GET /api/folders': { body: { folders: [campaign], total: 1 } },
    'POST /api/files/clashes': { body: { clashes: [] } },
  });
  return { ...fetches, ...renderApp(path), user: userEvent.setup() };
}

/** Lets the drop zone read the drag's files (a promise) and render. */
const settle = () => act(async () => {
  await Promise.resolve();
});

const overlay = () => screen.queryByText('Drop files to upload them');

describe('dropping files from the computer', () => {
  it('shows where they go on a folder page, and hands them to the upload page to confirm there', async () => {
    const { router, user } = open('/folders/2');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Campaign' });

    // The app's own rows and cards carry no files: no overlay.
    fireEvent.dragEnter(heading, { dataTransfer: itemsTransfer({ file_ids: [4], folder_ids: [] }) });
    fireEvent.dragOver(heading, { dataTransfer: itemsTransfer({ file_ids: [4], folder_ids: [] }) });
    await settle();
    expect(overlay()).not.toBeInTheDocument();

    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.dragEnter(heading, { dataTransfer: filesTransfer([notes]) });
    expect(await screen.findByText('Drop files to upload them')).toBeInTheDocument();
    expect(screen.getByText('They go into “Campaign”. You confirm before anything is sent.')).toBeInTheDocument();
    fireEvent.drop(heading, { dataTransfer: filesTransfer([notes]) });

    await waitFor(() => expect(router.state.location.pathname).toBe('/upload'));
    expect(router.state.location.search).toBe('?folder_id=2');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Upload' });
    expect(within(dialog).getByText('notes.txt')).toBeInTheDocument();
    expect(within(dialog).getByText('Campaign')).toBeInTheDocument();
    expect(overlay()).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upload Files' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]!.file.name).toBe('notes.txt');
    expect(started[0]!.options.folderId).toBe(2);
  });

  it('sends what is dropped on the dashboard to the top level, and lists refused files instead of asking', async () => {
    const { router } = open('/dashboard');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome back, alice' });
    const program = new File(['MZ'], 'setup.exe');
    fireEvent.dragEnter(heading, { dataTransfer: filesTransfer([program]) });
    expect(await screen.findByText('They go into your files, outside any folder. You confirm before anything is sent.')).toBeInTheDocument();
    fireEvent.drop(heading, { dataTransfer: filesTransfer([program]) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/upload'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('1 file was not added')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm Upload' })).not.toBeInTheDocument();
  });

  it('is not offered on a folder someone else shared', async () => {
    open('/folders/2', makeUser({ id: 9, username: 'bob' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Campaign' });
    fireEvent.dragEnter(heading, { dataTransfer: filesTransfer([new File(['x'], 'a.txt')]) });
    await settle();
    expect(overlay()).not.toBeInTheDocument();
  });
});
