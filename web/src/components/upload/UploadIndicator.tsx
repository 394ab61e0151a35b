import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloudUpload } from 'lucide-react';
import { formatProgress } from '../../lib/format';
import { batchProgress, isSending, useUploadQueue } from './upload-queue';

/**
 * In the navigation bar while files are being sent, wherever the user is in
 * the app: how many and how far, linking to the upload page. Leaving the app
 * meanwhile would stop them, so the browser asks first.
 */
export function UploadIndicator() {
  const { t } = useTranslation('upload');
  const { items } = useUploadQueue();
  const sending = isSending(items);

  useEffect(() => {
    if (!sending) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sending]);

  if (!sending) return null;
  const { sent, total, left } = batchProgress(items);
  const percent = formatProgress(total > 0 ? (sent / total) * 100 : 0);
  return (
    <Link
      to="/upload"
      aria-label={t('indicator', { count: left, percent })}
      className="inline-flex items-center gap-1.5 rounded-full bg-accent-50 px-2.5 py-1 text-xs font-medium text-accent-800 ring-1 ring-accent-200 hover:bg-accent-100"
    >
      <CloudUpload aria-hidden="true" className="size-4 animate-pulse" />
      <span className="tabular-nums">{percent}</span>
    </Link>
  );
}
