import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SESSION, type UploadResult } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { useUploadFiles, type UploadInput } from '../../api/files';
import { screenFiles, type RejectedFile, type UploadLimits } from '../../lib/upload-rules';
import { i18n } from '../../i18n';

export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** The server's reason when the file was refused. */
  error?: string;
}

export interface UploadProgressState {
  sent: number;
  total: number;
}

let nextKey = 0;

/** Per-file outcomes: results come back in the order the files were sent. */
function applyResults(items: UploadItem[], sent: readonly string[], results: readonly UploadResult[]): UploadItem[] {
  return items.map((item) => {
    const index = sent.indexOf(item.key);
    if (index < 0) return item;
    const result = results[index];
    if (!result) return { ...item, status: 'error', error: i18n.t('upload:uploadFailed') };
    return result.ok ? { ...item, status: 'success', error: undefined } : { ...item, status: 'error', error: result.error || i18n.t('upload:uploadFailed') };
  });
}

/**
 * The upload page's state: the selected files with their statuses, the
 * refusals of the last drop, and one multipart upload at a time with its
 * progress. After everything is stored the list clears 2 s later and
 * `destination` opens (the dashboard, or the folder the upload came from).
 */
export function useUploader(limits: UploadLimits, destination: string) {
  const navigate = useNavigate();
  const uploadFiles = useUploadFiles();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const [finishing, setFinishing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const uploading = progress !== null;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Leaving the page would cancel the request: the browser asks first.
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const add = useCallback(
    (dropped: readonly File[]) => {
      const current = items.map((i) => i.file);
      const { accepted, rejected: refused } = screenFiles(current, dropped, limits);
      setRejected(refused);
      if (accepted.length === 0) return;
      const added = accepted.map((file): UploadItem => ({ key: String((nextKey += 1)), file, status: 'pending' }));
      setItems((list) => [...list, ...added]);
    },
    [items, limits],
  );

  const remove = (key: string) => setItems((list) => list.filter((i) => i.key !== key));
  const clear = () => {
    setItems([]);
    setRejected([]);
  };

  /** Files still to send: new ones and those refused last time. */
  const waiting = items.filter((i) => i.status === 'pending' || i.status === 'error');

  const start = async (options: Omit<UploadInput, 'files'>) => {
    const batch = waiting;
    if (batch.length === 0 || uploading) return;
    const keys = batch.map((i) => i.key);
    setItems((list) => list.map((i) => (keys.includes(i.key) ? { ...i, status: 'uploading', error: undefined } : i)));
    setProgress({ sent: 0, total: batch.reduce((n, i) => n + i.file.size, 0) });
    try {
      const { response } = await uploadFiles(
        { ...options, files: batch.map((i) => i.file) },
        { onProgress: (sent, total) => setProgress({ sent, total }) },
      );
      setItems((list) => applyResults(list, keys, response.results));
      const stored = response.results.filter((r) => r.ok).length;
      if (stored === response.results.length) {
        toast.success(i18n.t('upload:toast.uploaded'));
        setFinishing(true);
        timer.current = window.setTimeout(() => {
          setItems([]);
          void navigate(destination);
        }, SESSION.uploadClearMs);
      } else if (stored === 0) {
        toast.error(response.error ?? i18n.t('upload:uploadFailed'));
      } else {
        toast.warning(i18n.t('upload:toast.partial', { failed: response.results.length - stored, count: response.results.length }));
      }
    } catch (error) {
      const message = errorMessage(error, i18n.t('upload:uploadFailed'));
      setItems((list) => list.map((i) => (keys.includes(i.key) ? { ...i, status: 'error', error: message } : i)));
      toast.error(message);
    } finally {
      setProgress(null);
    }
  };

  return { items, waiting, rejected, dismissRejected: () => setRejected([]), progress, uploading, finishing, add, remove, clear, start };
}
