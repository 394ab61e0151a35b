import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePreviewUrl, type PreviewState, type PreviewSource } from './use-preview-url';

const pending = new Map<number, (blob: Blob) => void>();
vi.mock('../../api/files', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/files')>()),
  fetchPreview: (id: number) => new Promise<Blob>((resolve) => pending.set(id, resolve)),
}));

afterEach(() => pending.clear());

const csv: PreviewSource = { id: 1, mime_type: 'text/csv', file_size: 9 };
const photo: PreviewSource = { id: 2, mime_type: 'image/png', file_size: 70 };

describe('usePreviewUrl', () => {
  it("never gives the next file the previous file's blob, not even in the render where the file changes", async () => {
    const seen: { id: number; state: PreviewState }[] = [];
    const { rerender } = renderHook(
      ({ file }) => {
        const state = usePreviewUrl(file, 'account');
        seen.push({ id: file.id, state });
        return state;
      },
      { initialProps: { file: csv } },
    );
    await waitFor(() => expect(pending.has(csv.id)).toBe(true));
    pending.get(csv.id)!(new Blob(['a,b\n1,2\n'], { type: 'text/csv' }));
    await waitFor(() => expect(seen.at(-1)!.state.status).toBe('ready'));
    const csvUrl = (seen.at(-1)!.state as { url: string }).url;

    rerender({ file: photo });
    const forPhoto = seen.filter((s) => s.id === photo.id);
    expect(forPhoto[0]!.state).toEqual({ status: 'loading' });
    expect(forPhoto.some((s) => s.state.status === 'ready' && s.state.url === csvUrl)).toBe(false);
  });
});
