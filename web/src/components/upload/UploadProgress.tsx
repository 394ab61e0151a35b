import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format';
import { ProgressBar } from '../ui/ProgressBar';
import type { UploadProgressState } from './use-uploader';

/** The real upload progress (bytes sent), then the server's processing, and the note to keep the page open. */
export function UploadProgress({ progress }: { progress: UploadProgressState }) {
  const { t } = useTranslation('upload');
  const percent = progress.total > 0 ? (progress.sent / progress.total) * 100 : 0;
  const processing = progress.total > 0 && progress.sent >= progress.total;
  return (
    <div className="rounded-lg border border-accent-200 bg-accent-50/60 p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-accent-900">{processing ? t('progress.processing') : t('progress.uploading')}</span>
        <span className="text-accent-800 tabular-nums">
          {t('progress.figures', { percent: Math.floor(percent), sent: formatFileSize(progress.sent), total: formatFileSize(progress.total) })}
        </span>
      </div>
      <ProgressBar value={percent} label={t('uploadProgress')} valueText={t('progress.valueText', { percent: Math.floor(percent), sent: formatFileSize(progress.sent), total: formatFileSize(progress.total) })} />
      <p className="mt-2 text-xs text-accent-800">{t('pleaseDoNotCloseThis')}</p>
    </div>
  );
}
