import { useEffect, useState } from 'react';
import { previewKind, TEXT_PREVIEW_BYTES } from '@vault/contract';
import { apiBlob } from '../../api/client';
import { fetchPreview, headRange, type FileAccess } from '../../api/files';

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** `truncated`: only the head of a long text was read. */
  | { status: 'ready'; url: string; blob: Blob; truncated: boolean }
  | { status: 'error' };

/** What the preview needs to know of a file to fetch it. */
export interface PreviewSource {
  id: number;
  mime_type: string;
  file_size: number;
}

/**
 * How much of a file a preview reads: texts longer than TEXT_PREVIEW_BYTES only
 * their head (a Range request), anything else whole. A short file is read whole
 * without a Range, so an empty one is no unsatisfiable range.
 */
export function previewBytes(file: Pick<PreviewSource, 'mime_type' | 'file_size'>): number | null {
  const kind = previewKind(file.mime_type);
  const text = kind !== null && kind !== 'image' && kind !== 'pdf';
  return text && file.file_size > TEXT_PREVIEW_BYTES ? TEXT_PREVIEW_BYTES : null;
}

/**
 * Fetches a file to preview with the caller's credentials (?inline=1) and gives
 * it a blob: URL, revoked when the file changes or the preview closes. Null
 * fetches nothing.
 */
export function usePreviewUrl(file: PreviewSource | null, access: FileAccess): PreviewState {
  const bytes = file && previewBytes(file);
  return useBlobPreview(file === null ? null : `${access}:${file.id}`, bytes, (signal) => fetchPreview(file!.id, access, bytes, signal));
}

/** The same for a share link's file, whose URL carries its grant; no account token is sent. */
export function useLinkPreviewUrl(url: string | null, file: Pick<PreviewSource, 'mime_type' | 'file_size'>): PreviewState {
  const bytes = previewBytes(file);
  return useBlobPreview(url, bytes, (signal) => apiBlob(url!, { token: null, signal, headers: headRange(bytes) }));
}

/**
 * Loads a blob whenever `key` changes (null: nothing to show) and revokes its
 * URL when done. A state belongs to the key it was loaded for: in the render
 * where the key has just changed, the previous file's blob is never handed to
 * the next file's viewer (an image element would start loading a URL that is
 * about to be revoked).
 */
function useBlobPreview(key: string | null, bytes: number | null, load: (signal: AbortSignal) => Promise<Blob>): PreviewState {
  const [loaded, setLoaded] = useState<{ key: string | null; state: PreviewState }>({ key: null, state: { status: 'idle' } });
  useEffect(() => {
    if (key === null) {
      setLoaded({ key, state: { status: 'idle' } });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setLoaded({ key, state: { status: 'loading' } });
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ key, state: { status: 'ready', url, blob, truncated: bytes !== null } });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ key, state: { status: 'error' } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // `load` and `bytes` follow from `key`: only a new key is a new file to load.
  }, [key]);
  if (loaded.key === key) return loaded.state;
  return key === null ? { status: 'idle' } : { status: 'loading' };
}

/** Whether a blob really holds a PDF (its magic bytes), before a viewer is asked to show it. */
export async function looksLikePdf(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}
