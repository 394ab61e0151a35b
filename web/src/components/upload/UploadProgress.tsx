import { formatFileSize } from '../../lib/format';
import { ProgressBar } from '../ui/ProgressBar';
import type { UploadItem } from './upload-queue';

/** Bytes sent over every file of the running batch, and the note to keep the page open. */
export function UploadProgress({ items }: { items: readonly UploadItem[] }) {
  const batch = items.filter((i) => i.status !== 'pending' && i.status !== 'error');
  const total = batch.reduce((n, i) => n + i.file.size, 0);
  const sent = batch.reduce((n, i) => n + (i.status === 'success' ? i.file.size : i.sent), 0);
  const percent = total > 0 ? (sent / total) * 100 : 0;
  const processing = total > 0 && sent >= total;
  return (
    <div className="rounded-lg border border-accent-200 bg-accent-50/60 p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-accent-900">{processing ? 'Processing on the server...' : 'Uploading...'}</span>
        <span className="text-accent-800 tabular-nums">
          {Math.floor(percent)}% · {formatFileSize(sent)} of {formatFileSize(total)}
        </span>
      </div>
      <ProgressBar value={percent} label="Upload progress" valueText={`${Math.floor(percent)}%, ${formatFileSize(sent)} of ${formatFileSize(total)}`} />
      <p className="mt-2 text-xs text-accent-800">Please do not close this page while your files are uploading.</p>
    </div>
  );
}
