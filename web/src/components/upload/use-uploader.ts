import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SESSION } from '@vault/contract';
import type { ResumableOptions } from '../../api/uploads';
import { screenFiles, type RejectedFile, type UploadLimits } from '../../lib/upload-rules';
import { useCurrentUser } from '../../session-state/context';
import { isSending, uploadQueue, useUploadQueue } from './upload-queue';

export type { UploadItem, UploadStatus } from './upload-queue';

/** The folder path of a file inside a dropped or picked directory, '' for a lone file. */
export function folderPathOf(file: File): string {
  const withPath = file as File & { path?: string; relativePath?: string };
  const full = file.webkitRelativePath || withPath.relativePath || withPath.path || '';
  const parts = full.replace(/^\.?\//, '').split('/').filter(Boolean);
  return parts.slice(0, -1).join('/');
}

/**
 * The upload page's view of the upload queue: adding files (checked against
 * the upload rules, refusals listed with their reasons), starting, and after
 * a batch stored everything, clearing the list 2 s later and opening
 * `destination` (the dashboard, or the folder the upload came from). The
 * queue itself outlives the page.
 */
export function useUploader(limits: UploadLimits, destination: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const { items, finished } = useUploadQueue();
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const uploading = isSending(items);

  useEffect(() => {
    if (!finished) return;
    timer.current = window.setTimeout(() => {
      uploadQueue.clear();
      void navigate(destination);
    }, SESSION.uploadClearMs);
    return () => window.clearTimeout(timer.current);
  }, [finished, navigate, destination]);

  /** Screens the files against the upload rules and lists the accepted ones; says how many were accepted. */
  const add = useCallback(
    (dropped: readonly File[]): number => {
      const { accepted, rejected: refused } = screenFiles(
        items.map((i) => i.file),
        dropped,
        limits,
      );
      setRejected(refused);
      if (accepted.length > 0) uploadQueue.add(accepted.map((file) => ({ file, dir: folderPathOf(file) })));
      return accepted.length;
    },
    [items, limits],
  );

  /** Files still to send: new ones and those refused last time. */
  const waiting = items.filter((i) => i.status === 'pending' || i.status === 'error');

  return {
    items,
    waiting,
    rejected,
    dismissRejected: () => setRejected([]),
    uploading,
    finishing: finished,
    add,
    remove: (key: string) => uploadQueue.remove(key),
    clear: () => {
      uploadQueue.clear();
      setRejected([]);
    },
    start: (options: ResumableOptions) => uploadQueue.start(options, user.id, queryClient),
    pause: (key: string) => uploadQueue.pause(key),
    resume: (key: string) => uploadQueue.resume(key),
  };
}
