import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTENSIONS } from '@vault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockReply } from '../test/fetch-mock';
import { mockXhr } from '../test/fake-xhr';
import { makeFile, storageStats, userStats } from '../test/files';
import { renderApp, storeSession } from '../test/render-app';
import { makeUser } from '../test/tokens';

const me = makeUser();

function openUpload(extra: Record<string, MockReply> = {}, path = '/upload') {
  storeSession(me);
  const fetches = mockFetch({
    'GET /api/auth/me': { body: { user: me } },
    'GET /api/config': { body: { demo: null, max_file_bytes: 104_857_600, allowed_types: [...DEFAULT_EXTENSIONS], registration_open: true } },
    'GET /api/auth/stats': { body: userStats },
    'GET /api/files/storage/stats': { body: storageStats },
    'GET /api/files': { body: { files: [], total: 0, page: 1, limit: 20 } },
    ...extra,
  });
  const app = renderApp(path);
  return { ...fetches, ...app, user: userEvent.setup({ applyAccept: false }) };
}

function file(name: string, content = 'x', type = '') {
  return new File([content], name, { type, lastModified: name.length });
}

const pick = async (user: ReturnType<typeof userEvent.setup>, files: File[]) =>
  user.upload(await screen.findByLabelText('Files to upload'), files);

const selected = () =>
  within(screen.getByRole('list', { name: 'Selected files' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('UploadPage', () => {
  it('explains every refused file and keeps at most 10', async () => {
    const { user } = openUpload();
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload Files' })).toBeInTheDocument();
    const big = file('huge.pdf');
    Object.defineProperty(big, 'size', { value: 104_857_601 });
    await pick(user, [file('a.png'), file('virus.exe'), big, ...Array.from({ length: 10 }, (_, i) => file(`n${i}.txt`))]);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('3 files were not added');
    expect(alert).toHaveTextContent('virus.exe: .exe files are not accepted. Accepted types: JPEG, JPG, PNG, GIF, WEBP, PDF, TXT, MD, CSV, JSON, ZIP.');
    expect(alert).toHaveTextContent('huge.pdf: This file is larger than the 100 MB limit per file.');
    expect(alert).toHaveTextContent('n9.txt: At most 10 files can be uploaded at once.');
    expect(selected()).toHaveLength(10);
    expect(selected()[0]).toContain('Ready');
    expect(screen.getByRole('button', { name: 'Upload 10 file(s)' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 0 file(s)' })).toBeDisabled();
  });

  it('confirms, uploads with real progress, then clears and opens the dashboard', async () => {
    const { user, router } = openUpload({ 'GET /api/folders': { body: { folders: [{ ...folder, id: 4, name: 'Projects', path: [{ id: 4, name: 'Projects' }] }], total: 1 } } });
    const xhr = mockXhr();
    await pick(user, [file('a.png', 'aaaa'), file('b.pdf', 'bb')]);
    await user.click(screen.getByLabelText('Make files public'));
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'alpha{Enter}beta{Enter}');
    await user.selectOptions(screen.getByLabelText('Folder'), await screen.findByRole('option', { name: 'Projects' }));
    await user.click(screen.getByRole('button', { name: 'Upload 2 file(s)' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm Upload' });
    expect(dialog).toHaveTextContent('FolderProjects');
    expect(dialog).toHaveTextContent('VisibilityPublic');
    expect(dialog).toHaveTextContent('Tagsalphabeta');
    expect(dialog).toHaveTextContent('Total size6 Bytes');
    expect(within(dialog).getByText('a.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload Files' }));

    const request = xhr.sent[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/api/files/upload' });
    expect(request.headers.Authorization).toBe(`Bearer ${localStorage.getItem('token')}`);
    expect([...request.form.keys()]).toEqual(['is_public', 'folder_id', 'tags', 'tags', 'files', 'files']);
    expect(request.form.get('is_public')).toBe('true');
    expect(request.form.get('folder_id')).toBe('4');
    expect(request.form.getAll('tags')).toEqual(['alpha', 'beta']);
    expect((request.form.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.pdf']);

    // Both files read 'Uploading...', as do the upload button and the progress panel.
    for (const row of selected()) expect(row).toContain('Uploading...');
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getAllByText('Uploading...')).toHaveLength(4);
    xhr.progress(500, 1000);
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Please do not close this page while your files are uploading.')).toBeInTheDocument();

    xhr.respond({
      status: 201,
      body: {
        results: [
          { ok: true, name: 'a.png', file: makeFile({ id: 1, original_name: 'a.png' }) },
          { ok: true, name: 'b.pdf', file: makeFile({ id: 2, original_name: 'b.pdf' }) },
        ],
        files: [],
      },
    });
    expect(await screen.findByText('Files uploaded successfully!')).toBeInTheDocument();
    expect(screen.getAllByText('Uploaded')).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 4000 });
  });

  it("goes back to the folder it was opened from with 'Upload here'", async () => {
    const projects = { ...folder, id: 4, name: 'Projects', path: [{ id: 4, name: 'Projects' }] };
    const { user, router } = openUpload({ 'GET /api/folders': { body: { folders: [projects], total: 1 } } }, '/upload?folder_id=4');
    const xhr = mockXhr();
    await pick(user, [file('a.png', 'aaaa')]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm Upload' })).getByRole('button', { name: 'Upload Files' }));
    expect(xhr.sent[0]!.form.get('folder_id')).toBe('4');
    xhr.respond({ status: 201, body: { results: [{ ok: true, name: 'a.png', file: makeFile({ id: 1, original_name: 'a.png' }) }], files: [] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders/4'), { timeout: 4000 });
  });

  it('shows the outcome of each file when some are refused', async () => {
    const { user } = openUpload();
    const xhr = mockXhr();
    await pick(user, [file('ok.txt'), file('fake.png'), file('later.txt')]);
    await user.click(screen.getByRole('button', { name: 'Upload 3 file(s)' }));
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    xhr.respond({
      status: 207,
      body: {
        results: [
          { ok: true, name: 'ok.txt', file: makeFile({ original_name: 'ok.txt' }) },
          { ok: false, name: 'fake.png', error: 'The content of fake.png is not a PNG image', status: 415 },
          { ok: false, name: 'later.txt', error: '', status: 500 },
        ],
        files: [],
      },
    });
    expect(await screen.findByText('2 of 3 files could not be uploaded')).toBeInTheDocument();
    const rows = selected();
    expect(rows[0]).toContain('Uploaded');
    expect(rows[1]).toContain('The content of fake.png is not a PNG image');
    expect(rows[2]).toContain('Upload failed');
    // Only the refused files are offered again.
    expect(screen.getByRole('button', { name: 'Upload 2 file(s)' })).toBeEnabled();
  });

  it("shows the server's reason when nothing was stored, else 'Upload failed'", async () => {
    const { user } = openUpload();
    const xhr = mockXhr();
    await pick(user, [file('a.txt')]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    xhr.respond({ status: 507, body: { error: 'Storage quota exceeded', results: [{ ok: false, name: 'a.txt', error: 'Storage quota exceeded', status: 507 }], files: [] } });
    await waitFor(() => expect(screen.getAllByText('Storage quota exceeded')).toHaveLength(2)); // the file's row and the toast

    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    xhr.respond('network-error');
    await waitFor(() => expect(screen.getAllByText('Upload failed')).toHaveLength(2));
  });

  it('ends the session on 401', async () => {
    const { user, router } = openUpload();
    const xhr = mockXhr();
    await pick(user, [file('a.txt')]);
    await user.click(screen.getByRole('button', { name: 'Upload 1 file(s)' }));
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    xhr.respond({ status: 401, body: { error: 'Invalid or expired token' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
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
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  file_count: 0,
  subfolder_count: 0,
  folder_size: 0,
};
