import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_EXTENSIONS, STORAGE_KEYS } from '@vault/contract';
import userEvent from '@testing-library/user-event';
import type { ResumableCallbacks, ResumableOptions } from '../api/uploads';
import { MIB } from '../lib/bytes';
import { uploadQueue } from '../components/upload/upload-queue';
import { mockFetch, type MockReply } from '../test/fetch-mock';
import { storageStats, userStats } from '../test/files';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

/** Each file's resumable upload, as the page started it; the test plays the server. */
const uploads = vi.hoisted(() => [] as { file: File; options: ResumableOptions; callbacks: ResumableCallbacks; start: () => Promise<void>; pause: () => Promise<void> }[]);
vi.mock('../api/uploads', () => ({
  ResumableUpload: class {
    start = vi.fn(async () => undefined);
    pause = vi.fn(async () => undefined);
    constructor(
      readonly file: File,
      readonly options: ResumableOptions,
      readonly callbacks: ResumableCallbacks,
    ) {
      uploads.push(this);
    }
  },
}));

// Hashing as the worker does it, at once: each file's hash is its name's.
vi.mock('../components/upload/content-hashes', async (original) => ({
  ...(await original<typeof import('../components/upload/content-hashes')>()),
  workerHashing: () => async (f: File) => `sha256 of ${f.name}`,
}));

afterEach(() => {
  uploads.length = 0;
  uploadQueue.clear();
});

const me = makeUser();

function openUpload(extra: Record<string, MockReply> = {}, path = '/upload') {
  storeSession(me);
  const fetches = mockFetch({
    'GET /api/auth/me': { body: { user: me } },
    'GET /api/config': { body: { demo: null, max_file_bytes: 104_857_600, allowed_types: [...DEFAULT_EXTENSIONS], registration_open: true } },
    'GET /api/auth/stats': { body: userStats },
    'GET /api/files/storage/stats': { body: storageStats },
    'GET /api/files': { body: { files: [], total: 0, page: 1, limit: 20 } },
    'GET /api/folders': { body: { folders: [], total: 0 } },
    'POST /api/files/clashes': { body: { clashes: [] } },
    ...extra,
  });
  const app = renderApp(path);
  return { ...fetches, ...app, user: userEvent.setup({ applyAccept: false }) };
}

function file(name: string, content = 'x', type = '') {
  return new File([content], name, { type, lastModified: name.length });
}

/** A file picked inside a directory, with its path there. */
function inTree(name: string, path: string) {
  const f = file(name);
  Object.defineProperty(f, 'webkitRelativePath', { value: path });
  return f;
}

const pick = async (user: ReturnType<typeof userEvent.setup>, files: File[]) =>
  user.upload(await screen.findByLabelText('Files to upload'), files);

const selected = () =>
  within(screen.getByRole('list', { name: 'Selected files' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const uploadAll = async (user: ReturnType<typeof userEvent.setup>, count: number) => {
  await user.click(screen.getByRole('button', { name: count === 1 ? 'Upload 1 file' : `Upload ${count} files` }));
  await user.click(within(screen.getByRole('dialog', { name: 'Confirm Upload' })).getByRole('button', { name: 'Upload Files' }));
};

describe('UploadPage', () => {
  it('explains every refused file and takes any number of the others', async () => {
    const { user } = openUpload();
    // The first page of the file to render: on a busy machine that can take more than a second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Files' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Any number of files, or whole folders.')).toBeInTheDocument();
    expect(screen.getByText(/^100 MB per file · /)).toBeInTheDocument();
    const big = file('huge.pdf');
    Object.defineProperty(big, 'size', { value: 104_857_601 });
    await pick(user, [file('a.png'), file('virus.exe'), big, ...Array.from({ length: 12 }, (_, i) => file(`n${i}.txt`))]);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('2 files were not added');
    expect(alert).toHaveTextContent('virus.exe: .exe files are not accepted. Accepted types: JPEG, JPG, PNG, GIF, WEBP, PDF, TXT, MD, CSV, JSON, ZIP.');
    expect(alert).toHaveTextContent('huge.pdf: This file is larger than the 100 MB limit per file.');
    expect(selected()).toHaveLength(13);
    expect(selected()[0]).toContain('Ready');
    expect(screen.getByRole('button', { name: 'Upload 13 files' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  }, 15_000);

  it('confirms, sends each file resumably with its progress, then clears and opens the dashboard', async () => {
    const { user, router } = openUpload({ 'GET /api/folders': { body: { folders: [{ ...folder, id: 4, name: 'Projects', path: [{ id: 4, name: 'Projects' }] }], total: 1 } } });
    await pick(user, [file('a.png', 'aaaa'), file('b.pdf', 'bb')]);
    await user.click(screen.getByLabelText('Make files public'));
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'alpha{Enter}beta{Enter}');
    await user.selectOptions(screen.getByLabelText('Folder'), await screen.findByRole('option', { name: 'Projects' }));
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm Upload' });
    expect(dialog).toHaveTextContent('FolderProjects');
    expect(dialog).toHaveTextContent('VisibilityPublic');
    expect(dialog).toHaveTextContent('Tagsalphabeta');
    expect(dialog).toHaveTextContent('Total size6 Bytes');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Files' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.file.name).toBe('a.png');
    expect(uploads[0]!.options).toEqual({ isPublic: true, folderId: 4, tags: ['alpha', 'beta'], onConflict: 'fail' });
    expect(uploads[0]!.start).toHaveBeenCalled();
    // One file at a time, in the order chosen.
    expect(selected()[0]).toContain('Uploading...');
    expect(selected()[1]).toContain('Waiting');
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();

    act(() => uploads[0]!.callbacks.onProgress(2, 4));
    expect(await screen.findByRole('progressbar', { name: 'Progress of a.png' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('Please do not close this page while your files are uploading.')).toBeInTheDocument();
    // The navigation bar shows the upload wherever the user goes.
    expect(screen.getByRole('link', { name: 'Uploading 2 files, 33%' })).toBeInTheDocument();

    act(() => uploads[0]!.callbacks.onSuccess(1));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.file.name).toBe('b.pdf');
    act(() => uploads[1]!.callbacks.onSuccess(2));
    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 4000 });
  }, 20_000);

  it('pauses and resumes a file, and offers Retry after a failure', async () => {
    const { user } = openUpload();
    await pick(user, [file('big.txt', 'x'.repeat(100))]);
    await uploadAll(user, 1);
    await waitFor(() => expect(uploads).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Pause big.txt' }));
    expect(uploads[0]!.pause).toHaveBeenCalled();
    expect(selected()[0]).toContain('Paused');
    await user.click(screen.getByRole('button', { name: 'Resume big.txt' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.start).toHaveBeenCalled();

    act(() => uploads[1]!.callbacks.onError('Storage quota exceeded', 507));
    await waitFor(() => expect(screen.getAllByText('Storage quota exceeded')).toHaveLength(2)); // the file's row and the toast
    await user.click(screen.getByRole('button', { name: 'Retry big.txt' }));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => uploads[2]!.callbacks.onSuccess(9));
    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
  });

  it('retries a file whose name check failed with the settings it was started with, not those of an earlier batch', async () => {
    const projects = { ...folder, id: 4, name: 'Projects', path: [{ id: 4, name: 'Projects' }] };
    let checks = 0;
    const { user } = openUpload({
      'GET /api/folders': { body: { folders: [projects], total: 1 } },
      // The second batch's check fails; the others go through.
      'POST /api/files/clashes': () => ((checks += 1) === 2 ? { status: 500, body: { error: 'Internal server error' } } : { body: { clashes: [] } }),
    });
    await pick(user, [file('a.txt')]);
    await user.click(screen.getByLabelText('Make files public'));
    await user.selectOptions(screen.getByLabelText('Folder'), await screen.findByRole('option', { name: 'Projects' }));
    await uploadAll(user, 1);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.callbacks.onError('Storage quota exceeded', 507));

    // A private batch to the root, a.txt with it: its check fails.
    await pick(user, [file('b.txt')]);
    await user.click(screen.getByLabelText('Make files public'));
    await user.selectOptions(screen.getByLabelText('Folder'), 'No folder (root)');
    await uploadAll(user, 2);
    await waitFor(() => expect(screen.getAllByText('Could not check for files of the same name')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Retry b.txt' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(checks).toBe(3);
    expect(uploads[1]!.file.name).toBe('b.txt');
    expect(uploads[1]!.options).toEqual({ isPublic: false, folderId: null, tags: [], onConflict: 'fail' });
    act(() => uploads[1]!.callbacks.onSuccess(2));
  });

  it('retries a file whose folder could not be made, making it again, though no batch ran before', async () => {
    let attempts = 0;
    const { user } = openUpload({
      'POST /api/folders': () => ((attempts += 1) === 1 ? { status: 500, body: { error: 'Internal server error' } } : { status: 201, body: { folder: { ...folder, id: 11, name: 'trip', path: [] } } }),
    });
    await user.upload(await screen.findByLabelText('Directory to upload'), [inTree('a.txt', 'trip/a.txt')]);
    await uploadAll(user, 1);
    expect(await screen.findByText('Failed to create folder')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry a.txt' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(attempts).toBe(2);
    expect(uploads[0]!.options.folderId).toBe(11);
    act(() => uploads[0]!.callbacks.onSuccess(1));
    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
  });

  it('stops and forgets the files of a user who signs out', async () => {
    const { user, router } = openUpload();
    await pick(user, [file('a.txt'), file('b.txt')]);
    await uploadAll(user, 2);
    await waitFor(() => expect(uploads).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Account menu for alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(uploads[0]!.pause).toHaveBeenCalled();
    expect(uploadQueue.snapshot().items).toEqual([]);
    expect(uploads).toHaveLength(1);
  });

  it("never shows nor sends one user's files for another who signs in in another tab", async () => {
    const { user } = openUpload();
    await pick(user, [file('alice.txt')]);
    await uploadAll(user, 1);
    await waitFor(() => expect(uploads).toHaveLength(1));

    storeSession(makeUser({ id: 8, username: 'bob', email: 'bob@example.com' }));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user, storageArea: localStorage })));
    expect(await screen.findByRole('button', { name: 'Account menu for bob' })).toBeInTheDocument();
    expect(uploads[0]!.pause).toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Uploading/ })).not.toBeInTheDocument();

    await pick(user, [file('bob.txt')]);
    await uploadAll(user, 1);
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.file.name).toBe('bob.txt');
    expect(selected()).toHaveLength(1);
    act(() => uploads[1]!.callbacks.onSuccess(2));
  });

  it("goes back to the folder it was opened from with 'Upload here'", async () => {
    const projects = { ...folder, id: 4, name: 'Projects', path: [{ id: 4, name: 'Projects' }] };
    const { user, router } = openUpload({ 'GET /api/folders': { body: { folders: [projects], total: 1 } } }, '/upload?folder_id=4');
    await pick(user, [file('a.png', 'aaaa')]);
    await uploadAll(user, 1);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.options.folderId).toBe(4);
    act(() => uploads[0]!.callbacks.onSuccess(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders/4'), { timeout: 4000 });
  });

  it('shows the outcome of each file when some are refused', async () => {
    const { user } = openUpload();
    await pick(user, [file('ok.txt'), file('fake.png'), file('later.txt')]);
    await uploadAll(user, 3);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.callbacks.onSuccess(1));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]!.callbacks.onError('File content does not match its extension', 415));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => uploads[2]!.callbacks.onError('The server could not be reached', 0));
    expect(await screen.findByText('2 of 3 files could not be uploaded')).toBeInTheDocument();
    const rows = selected();
    expect(rows[0]).toContain('Uploaded');
    expect(rows[1]).toContain('File content does not match its extension');
    expect(rows[2]).toContain('The server could not be reached');
    // Only the refused files are offered again.
    expect(screen.getByRole('button', { name: 'Upload 2 files' })).toBeEnabled();
  });

  it('recreates a picked folder tree under the chosen folder before sending its files', async () => {
    const created: unknown[] = [];
    let nextId = 10;
    const { user } = openUpload({
      'POST /api/folders': (request) => {
        created.push(request.body);
        return { status: 201, body: { folder: { ...folder, id: (nextId += 1), name: 'x', path: [] } } };
      },
    });
    await user.upload(await screen.findByLabelText('Directory to upload'), [inTree('a.txt', 'trip/a.txt'), inTree('b.txt', 'trip/day 1/b.txt')]);
    expect(selected()[1]).toContain('trip/day 1/b.txt');
    await uploadAll(user, 2);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.callbacks.onSuccess(1));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(created).toEqual([
      { name: 'trip', parent_id: null, is_public: false },
      { name: 'day 1', parent_id: 11, is_public: false },
    ]);
    expect(uploads.map((u) => u.options.folderId)).toEqual([11, 12]);
    act(() => uploads[1]!.callbacks.onSuccess(2));
  });

  it('asks what to do with each file whose name the folder holds, and sends the choice', async () => {
    const asked: unknown[] = [];
    const { user } = openUpload({
      'POST /api/files/clashes': (request) => {
        asked.push(request.body);
        return { body: { clashes: [{ name: 'a.txt', file_id: 7, original_name: 'A.txt' }, { name: 'b.txt', file_id: 8, original_name: 'b.txt' }, { name: 'd.txt', file_id: 9, original_name: 'd.txt' }] } };
      },
    });
    await pick(user, [file('a.txt'), file('b.txt'), file('c.txt'), file('d.txt')]);
    await uploadAll(user, 4);
    expect(asked).toEqual([{ folder_id: null, names: ['a.txt', 'b.txt', 'c.txt', 'd.txt'] }]);

    const first = await screen.findByRole('dialog', { name: '“a.txt” already exists' });
    // The counter is a line of its own above the title, not a tail of the description that wraps apart.
    expect(within(first).getByText('Conflict 1 of 3', { exact: true })).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription('This folder already has a file with this name. What should happen to the one you are uploading?');
    expect(first).toHaveTextContent('Upload it as the new version of “A.txt”.');
    expect(first).toHaveTextContent('Upload it under a new name, such as “a (2).txt”.');
    await user.click(within(first).getByRole('button', { name: /^Replace/ }));
    const second = await screen.findByRole('dialog', { name: '“b.txt” already exists' });
    await user.click(within(second).getByRole('button', { name: /^Skip/ }));
    const third = await screen.findByRole('dialog', { name: '“d.txt” already exists' });
    expect(within(third).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(third).getByRole('button', { name: /^Keep both/ }));

    // The skipped file leaves the queue; the others go with what was chosen (no clash: refused if one appears meanwhile).
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(selected().map((row) => row?.slice(0, 5))).toEqual(['a.txt', 'c.txt', 'd.txt']);
    act(() => uploads[0]!.callbacks.onSuccess(1));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]!.callbacks.onSuccess(2));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploads.map((u) => [u.file.name, u.options.onConflict])).toEqual([
      ['a.txt', 'version'],
      ['c.txt', 'fail'],
      ['d.txt', 'rename'],
    ]);
    act(() => uploads[2]!.callbacks.onSuccess(3));
    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
  });

  it('applies one answer to every clash left, and sends nothing when the question is closed', async () => {
    const clashes = [{ name: 'a.txt', file_id: 7, original_name: 'a.txt' }, { name: 'b.txt', file_id: 8, original_name: 'b.txt' }];
    const { user } = openUpload({ 'POST /api/files/clashes': { body: { clashes } } });
    await pick(user, [file('a.txt'), file('b.txt')]);
    await uploadAll(user, 2);
    await user.click(within(await screen.findByRole('dialog', { name: '“a.txt” already exists' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(uploads).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload 2 files' })).toBeEnabled();

    await uploadAll(user, 2);
    const dialog = await screen.findByRole('dialog', { name: '“a.txt” already exists' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Do the same for the 1 other conflict' }));
    await user.click(within(dialog).getByRole('button', { name: /^Keep both/ }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => uploads[0]!.callbacks.onSuccess(1));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads.map((u) => u.options.onConflict)).toEqual(['rename', 'rename']);
    act(() => uploads[1]!.callbacks.onSuccess(2));
    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
  });

  it('sends all of a folder of more than 10 files in a nested tree, one at a time, each into its own folder', async () => {
    const created: { name: string; parent_id: number | null }[] = [];
    let nextId = 100;
    const { user } = openUpload({
      'POST /api/folders': (request) => {
        created.push(request.body as (typeof created)[number]);
        return { status: 201, body: { folder: { ...folder, id: (nextId += 1), name: 'x', path: [] } } };
      },
    });
    const dirOf = (i: number) => (i < 4 ? 'album' : i < 9 ? 'album/2023' : 'album/2023/summer');
    const tree = Array.from({ length: 15 }, (_, i) => inTree(`photo ${i}.txt`, `${dirOf(i)}/photo ${i}.txt`));
    await user.upload(await screen.findByLabelText('Directory to upload', undefined, { timeout: 10_000 }), tree);
    expect(selected()).toHaveLength(15);
    await uploadAll(user, 15);

    const folderOf: Record<string, number> = { album: 101, 'album/2023': 102, 'album/2023/summer': 103 };
    for (let i = 0; i < 15; i++) {
      await waitFor(() => expect(uploads).toHaveLength(i + 1));
      // The next file starts only once this one is stored.
      expect(uploads[i]!.file.name).toBe(`photo ${i}.txt`);
      expect(uploads[i]!.options.folderId).toBe(folderOf[dirOf(i)]);
      act(() => uploads[i]!.callbacks.onSuccess(1000 + i));
    }
    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
    expect(uploads).toHaveLength(15);
    expect(created).toEqual([
      { name: 'album', parent_id: null, is_public: false },
      { name: '2023', parent_id: 101, is_public: false },
      { name: 'summer', parent_id: 102, is_public: false },
    ]);
  }, 30_000);

  it('names the content hash of files of 1 MiB and more, hashed while they wait their turn', async () => {
    const { user } = openUpload();
    const sized = (name: string, size: number) => {
      const f = file(name);
      Object.defineProperty(f, 'size', { value: size });
      return f;
    };
    await pick(user, [sized('big.pdf', 5_000_000), sized('small.txt', 1000), sized('second.pdf', MIB)]);
    await uploadAll(user, 3);
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.callbacks.onSuccess(1));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]!.callbacks.onSuccess(2));
    await waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploads.map((u) => u.options.sha256)).toEqual(['sha256 of big.pdf', undefined, 'sha256 of second.pdf']);
    act(() => uploads[2]!.callbacks.onSuccess(3));
  });

  it('takes files pasted onto the page', async () => {
    openUpload();
    await screen.findByRole('heading', { level: 1, name: 'Upload Files' });
    const event = new Event('paste', { bubbles: true }) as Event & { clipboardData: { files: File[] } };
    event.clipboardData = { files: [file('pasted.png')] };
    act(() => void window.dispatchEvent(event));
    expect(selected()[0]).toContain('pasted.png');
  });

  it('shows storage information with savings', async () => {
    openUpload();
    const card = (await screen.findByRole('heading', { name: 'Storage Information' })).closest('section')!;
    await waitFor(() => expect(card).toHaveTextContent('Storage Used5 MB'));
    expect(card).toHaveTextContent('Storage Quota100 MB');
    expect(card).toHaveTextContent('Used5.0%');
    expect(card).toHaveTextContent('Space Saved3 MB');
    expect(card).toHaveTextContent('Deduplication Rate25.0%');
  });
});

const folder = {
  user_id: 7,
  username: 'alice',
  parent_id: null,
  is_public: false,
  visibility: { kind: 'private' },
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  file_count: 0,
  subfolder_count: 0,
  folder_size: 0,
  starred: false,
};
