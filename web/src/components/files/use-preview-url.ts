import { useEffect, useState } from 'react';
import { previewKind, TEXT_PREVIEW_BYTES, type PreviewKind } from '@vault/contract';
import { apiBlob } from '../../api/client';
import { fetchPreview, headRange, previewAddress, type FileAccess } from '../../api/files';

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  /**
   * `url`: what the viewer shows, a blob: URL of `blob` or a PDF's own address;
   * `blob`: the bytes read; `truncated`: only the file's head was read.
   */
  | { status: 'ready'; url: string; blob: Blob; truncated: boolean }
  /**
   * Video and audio: the browser's player streams `url` itself, a range at a
   * time, and nothing is read here; `renew` gives an address to go on from
   * once that one has stopped serving (a preview link lasts an hour).
   */
  | { status: 'stream'; url: string; renew(): Promise<string> }
  | { status: 'error' };

/** The bytes every PDF starts with. */
const PDF_SIGNATURE = '%PDF-';

/** What the preview needs to know of a file to fetch it. */
export interface PreviewSource {
  id: number;
  mime_type: string;
  file_size: number;
}

/**
 * How much of a file a preview reads (a Range request): texts longer than
 * TEXT_PREVIEW_BYTES their head, PDFs their signature (the browser's viewer
 * reads the rest), pictures all. A short file is read whole without a Range,
 * so an empty one is no unsatisfiable range.
 */
export function previewBytes(file: Pick<PreviewSource, 'mime_type' | 'file_size'>): number | null {
  const head = headBytes(previewKind(file.mime_type));
  return head !== null && file.file_size > head ? head : null;
}

function headBytes(kind: PreviewKind | null): number | null {
  if (kind === 'pdf') return PDF_SIGNATURE.length;
  if (kind === 'text' || kind === 'markdown' || kind === 'csv' || kind === 'json') return TEXT_PREVIEW_BYTES;
  return null;
}

/**
 * What a preview loaded: the bytes it read, and the address its viewer shows
 * when not those bytes; or, for a player, only the address it streams from.
 */
type Loaded = { blob: Blob; address?: string } | { stream: string; renew(): Promise<string> };

/** A player's address, and the same way to a fresh one when it runs out. */
async function streamFrom(address: () => Promise<string>): Promise<Loaded> {
  return { stream: await address(), renew: address };
}

/** The file's first `bytes` bytes (all of it for null) from an address that carries its own grant: no account token is sent. */
const readAt = (address: string, bytes: number | null, signal: AbortSignal) => apiBlob(address, { token: null, signal, headers: headRange(bytes) });

/**
 * A PDF is shown by the browser's viewer from the file's address on the
 * server, not from a blob: URL: the viewer then names the document (and a copy
 * saved from it) after the file rather than a random id, and reads it as it
 * needs. Only its signature is read here.
 */
async function pdfAt(address: string, bytes: number | null, signal: AbortSignal): Promise<Loaded> {
  return { address, blob: await readAt(address, bytes, signal) };
}

const isPdf = (file: Pick<PreviewSource, 'mime_type'>) => previewKind(file.mime_type) === 'pdf';

/** Video and audio are played by the browser from the file's address, never read whole into a blob. */
function isStreamed(mime: string): boolean {
  const kind = previewKind(mime);
  return kind === 'video' || kind === 'audio';
}

/**
 * Fetches a file to preview with the caller's credentials (?inline=1) and gives
 * it a blob: URL, revoked when the file changes or the preview closes (a PDF
 * its preview address instead; video and audio only that address, for the
 * player to stream). Null fetches nothing.
 */
export function usePreviewUrl(file: PreviewSource | null, access: FileAccess): PreviewState {
  const bytes = file && previewBytes(file);
  return useBlobPreview(file === null ? null : `${access}:${file.id}`, bytes, async (signal) => {
    const address = () => previewAddress(file!.id, access);
    if (isStreamed(file!.mime_type)) return streamFrom(address);
    return isPdf(file!) ? pdfAt(await address(), bytes, signal) : { blob: await fetchPreview(file!.id, access, bytes, signal) };
  });
}

/**
 * The same for a share link's file (`key` names it; null shows nothing), from
 * an address that carries the link's grant, asked for when it is read; no
 * account token is sent.
 */
export function useLinkPreviewUrl(key: string | null, address: () => string, file: Pick<PreviewSource, 'mime_type' | 'file_size'>): PreviewState {
  const bytes = previewBytes(file);
  return useBlobPreview(key, bytes, async (signal) => {
    if (isStreamed(file.mime_type)) return streamFrom(async () => address());
    return isPdf(file) ? pdfAt(address(), bytes, signal) : { blob: await readAt(address(), bytes, signal) };
  });
}

/**
 * Loads a blob (or a player's address) whenever `key` changes (null: nothing
 * to show) and revokes the blob: URL it made for it when done. A state belongs to the key it was loaded for: in the render
 * where the key has just changed, the previous file's blob is never handed to
 * the next file's viewer (an image element would start loading a URL that is
 * about to be revoked).
 */
function useBlobPreview(key: string | null, bytes: number | null, load: (signal: AbortSignal) => Promise<Loaded>): PreviewState {
  const [loaded, setLoaded] = useState<{ key: string | null; state: PreviewState }>({ key: null, state: { status: 'idle' } });
  useEffect(() => {
    if (key === null) {
      setLoaded({ key, state: { status: 'idle' } });
      return;
    }
    const controller = new AbortController();
    let created: string | null = null;
    setLoaded({ key, state: { status: 'loading' } });
    load(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if ('stream' in result) return setLoaded({ key, state: { status: 'stream', url: result.stream, renew: result.renew } });
        const { blob, address } = result;
        const url = address ?? URL.createObjectURL(blob);
        if (address === undefined) created = url;
        setLoaded({ key, state: { status: 'ready', url, blob, truncated: bytes !== null } });
      },
      () => {
        if (!controller.signal.aborted) setLoaded({ key, state: { status: 'error' } });
      },
    );
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
    // `load` and `bytes` follow from `key`: only a new key is a new file to load.
  }, [key]);
  if (loaded.key === key) return loaded.state;
  return key === null ? { status: 'idle' } : { status: 'loading' };
}

/** Whether a file's head really is a PDF's (its signature), before a viewer is asked to show it. */
export async function looksLikePdf(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return String.fromCharCode(...head) === PDF_SIGNATURE;
}
