import { useTranslation } from 'react-i18next';
import { formatFileSize, formatProgress } from '../../lib/format';
import { ProgressBar } from '../ui/ProgressBar';
import { batchProgress, type UploadItem } from './upload-queue';

/** Bytes sent over every file of the running batch, then the server's processing, and the note to keep the page open. */
export function UploadProgress({ items }: { items: readonly UploadItem[] }) {
  const { t } = useTranslation('upload');
  const { sent, total } = batchProgress(items);
  const percent = total > 0 ? (sent / total) * 100 : 0;
  const processing = total > 0 && sent >= total;
  const figures = { percent: formatProgress(percent), sent: formatFileSize(sent), total: formatFileSize(total) };
  return (
    <div className="rounded-lg border border-accent-200 bg-accent-50/60 p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-accent-900">{processing ? t('progress.processing') : t('progress.uploading')}</span>
        <span className="text-accent-800 tabular-nums">{t('progress.figures', figures)}</span>
      </div>
      <ProgressBar value={percent} label={t('uploadProgress')} valueText={t('progress.valueText', figures)} />
      <p className="mt-2 text-xs text-accent-800">{t('pleaseDoNotCloseThis')}</p>
    </div>
  );
}
