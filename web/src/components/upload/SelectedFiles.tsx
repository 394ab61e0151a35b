import { Trans, useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Pause, Play, RotateCw, X } from 'lucide-react';
import { extensionOf, mimeOfExtension } from '@vault/contract';
import { formatFileSize, formatProgress } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { FactLine } from '../ui/FactLine';
import { ProgressBar } from '../ui/ProgressBar';
import { Spinner } from '../ui/Spinner';
import { FileTypeIcon } from '../file-summary/FileTypeIcon';
import type { UploadItem } from './upload-queue';

const mimeOf = (name: string) => mimeOfExtension(extensionOf(name)) ?? 'application/octet-stream';

function StatusBadge({ item }: { item: UploadItem }) {
  const { t } = useTranslation('upload');
  switch (item.status) {
    case 'pending':
      return <Badge>{t('ready')}</Badge>;
    case 'queued':
      return <Badge>{t('queue.waiting')}</Badge>;
    case 'uploading':
      return (
        <Badge tone="accent">
          <Spinner className="size-3" />
          {t('uploading')}
        </Badge>
      );
    case 'paused':
      return <Badge>{t('queue.paused')}</Badge>;
    case 'success':
      return (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />
          <span className="sr-only">{t('uploaded')}</span>
        </span>
      );
    case 'error':
      return (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="size-5 text-red-600" />
          <span className="sr-only">{t('failed')}</span>
        </span>
      );
  }
}

/** Time left, in the largest unit that reads well. */
function timeLeft(t: (key: 'queue.secondsLeft' | 'queue.minutesLeft' | 'queue.hoursLeft', options: { count: number; minutes?: number }) => string, seconds: number): string {
  if (seconds < 60) return t('queue.secondsLeft', { count: Math.max(1, Math.ceil(seconds)) });
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? t('queue.minutesLeft', { count: minutes }) : t('queue.hoursLeft', { count: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** Bytes sent, speed and time left of a file on its way. */
function FileProgress({ item }: { item: UploadItem }) {
  const { t } = useTranslation('upload');
  const total = item.file.size;
  const percent = total > 0 ? (item.sent / total) * 100 : 100;
  const facts = [t('progress.figures', { percent: formatProgress(percent), sent: formatFileSize(item.sent), total: formatFileSize(total) })];
  if (item.status === 'uploading' && item.speed > 0) {
    facts.push(t('queue.speed', { speed: formatFileSize(item.speed) }), timeLeft(t, (total - item.sent) / item.speed));
  }
  return (
    <div className="mt-1.5">
      <ProgressBar
        value={percent}
        label={t('queue.progressOf', { name: item.file.name })}
        valueText={facts.join(', ')}
        tone={item.status === 'paused' ? 'warning' : 'accent'}
      />
      <p className="mt-1 text-xs text-slate-600 tabular-nums"><FactLine facts={facts} /></p>
    </div>
  );
}

export interface SelectedFilesProps {
  items: readonly UploadItem[];
  onRemove(key: string): void;
  onClear(): void;
  onPause(key: string): void;
  onResume(key: string): void;
  /** No changes to the list while an upload runs. */
  locked: boolean;
}

const inFlight = (item: UploadItem) => item.status === 'uploading' || item.status === 'paused' || item.status === 'queued';

/** A picked file's status and what can be done with it now: pause, resume, retry or remove. */
function ItemActions({ item, onPause, onResume, onRemove, locked }: { item: UploadItem } & Pick<SelectedFilesProps, 'onPause' | 'onResume' | 'onRemove' | 'locked'>) {
  const { t } = useTranslation('upload');
  return (
    <div className="flex shrink-0 items-center gap-1">
      <StatusBadge item={item} />
      {item.status === 'uploading' && (
        <Button variant="ghost" size="sm" aria-label={t('queue.pauseName', { name: item.file.name })} onClick={() => onPause(item.key)}>
          <Pause aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('queue.pause')}</span>
        </Button>
      )}
      {item.status === 'paused' && (
        <Button variant="ghost" size="sm" aria-label={t('queue.resumeName', { name: item.file.name })} onClick={() => onResume(item.key)}>
          <Play aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('queue.resume')}</span>
        </Button>
      )}
      {item.status === 'error' && (
        <Button variant="ghost" size="sm" aria-label={t('queue.retryName', { name: item.file.name })} onClick={() => onResume(item.key)}>
          <RotateCw aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('queue.retry')}</span>
        </Button>
      )}
      {(item.status === 'pending' || item.status === 'error') && (
        <button
          type="button"
          aria-label={t('removeName', { name: item.file.name })}
          disabled={locked}
          onClick={() => onRemove(item.key)}
          className="rounded-md p-1 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-50"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}

/**
 * The files picked for upload with their status (Ready, Uploading..., uploaded,
 * failed), each file's progress, speed and time left while it is sent, Pause,
 * Resume and Retry per file, and Clear All.
 */
export function SelectedFiles({ items, onRemove, onClear, onPause, onResume, locked }: SelectedFilesProps) {
  const { t } = useTranslation('upload');
  if (items.length === 0) return null;
  const total = items.reduce((n, i) => n + i.file.size, 0);
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">
          <Trans t={t} i18nKey="selectedHeading" values={{ count: items.length, size: formatFileSize(total) }} components={{ figures: <span className="font-normal text-slate-500" /> }} />
        </h3>
        <Button variant="ghost" size="sm" onClick={onClear} disabled={locked}>
          {t('clearAll')}
        </Button>
      </div>
      <ul aria-label={t('selectedFiles')} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {items.map((item) => (
          <li key={item.key} className="flex items-start gap-3 px-3 py-2.5">
            <FileTypeIcon mime={item.file.type || mimeOf(item.file.name)} size="sm" />
            <div className="min-w-0 flex-1">
              {/* Name and status on one line; the progress below takes the row's whole width, even on a phone. */}
              <div className="flex min-h-8 items-center gap-2">
                <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900" title={item.dir ? `${item.dir}/${item.file.name}` : item.file.name}>
                  {item.dir && <span className="font-normal text-slate-500">{item.dir}/</span>}
                  {item.file.name}
                </p>
                <ItemActions item={item} onPause={onPause} onResume={onResume} onRemove={onRemove} locked={locked} />
              </div>
              {inFlight(item) ? <FileProgress item={item} /> : <p className="text-xs text-slate-500">{formatFileSize(item.file.size)}</p>}
              {item.status === 'error' && <p className="mt-0.5 text-xs text-red-700">{item.error ?? t('uploadFailed')}</p>}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
