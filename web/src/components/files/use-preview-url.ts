import { useEffect, useState } from 'react';
import { apiBlob } from '../../api/client';
import { fetchPreview, type FileAccess } from '../../api/files';

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string; blob: Blob }
  | { status: 'error' };

/**
 * Fetches an image or PDF with the caller's credentials (?inline=1) and gives
 * it a blob: URL, revoked when the file changes or the preview closes.
 */
export function usePreviewUrl(fileId: number | null, access: FileAccess): PreviewState {
  return useBlobPreview(fileId === null ? null : `${access}:${fileId}`, (signal) => fetchPreview(fileId!, access, signal));
}

/** The same for a share link's file, whose URL carries its grant; no account token is sent. */
export function useLinkPreviewUrl(url: string | null): PreviewState {
  return useBlobPreview(url, (signal) => apiBlob(url!, { token: null, signal }));
}

/** Loads a blob whenever `key` changes (null: nothing to show) and revokes its URL when done. */
function useBlobPreview(key: string | null, load: (signal: AbortSignal) => Promise<Blob>): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url, blob });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // `load` follows from `key`: only a new key is a new file to load.
  }, [key]);
  return state;
}

/** Whether a blob really holds a PDF (its magic bytes), before a viewer is asked to show it. */
export async function looksLikePdf(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}
