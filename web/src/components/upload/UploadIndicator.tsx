import { useEffect } from 'react';
import { Link } from 'react-router';
import { CloudUpload } from 'lucide-react';
import { isSending, useUploadQueue } from './upload-queue';

/**
 * In the navigation bar while files are being sent, wherever the user is in
 * the app: how many and how far, linking to the upload page. Leaving the app
 * meanwhile would stop them, so the browser asks first.
 */
export function UploadIndicator() {
  const { items } = useUploadQueue();
  const sending = isSending(items);

  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);

  if (!sending) return null;
  const active = items.filter((i) => i.status !== 'pending' && i.status !== 'error');
  const total = active.reduce((n, i) => n + i.file.size, 0);
  const sent = active.reduce((n, i) => n + (i.status === 'success' ? i.file.size : i.sent), 0);
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const left = active.filter((i) => i.status !== 'success').length;
  return (
    <Link
      to="/upload"
      aria-label={`Uploading ${left} file${left === 1 ? '' : 's'}, ${percent}%`}
      className="inline-flex items-center gap-1.5 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-medium text-accent-800 ring-1 ring-accent-200 hover:bg-accent-100"
    >
      <CloudUpload aria-hidden="true" className="size-4 animate-pulse" />
      <span className="tabular-nums">{percent}%</span>
    </Link>
  );
}
