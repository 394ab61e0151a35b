import { Trans, useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { extensionOf, mimeOfExtension } from '@vault/contract';
import { formatFileSize } from '../../lib/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { FileTypeIcon } from '../files/FileTypeIcon';
import type { UploadItem } from './use-uploader';

const mimeOf = (name: string) => mimeOfExtension(extensionOf(name)) ?? 'application/octet-stream';

function StatusBadge({ item }: { item: UploadItem }) {
  const { t } = useTranslation('upload');
  switch (item.status) {
    case 'pending':
      return <Badge>{t('ready')}</Badge>;
    case 'uploading':
      return (
        <Badge tone="accent">
          <Spinner className="size-3" />
          {t('uploading')}
        </Badge>
      );
    case 'success':
      return (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-700" />
          <span className="sr-only">{t('uploaded')}</span>
        </span>
      );
    case 'error':
      return (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="size-5 text-red-700" />
          <span className="sr-only">{t('failed')}</span>
        </span>
      );
  }
}

export interface SelectedFilesProps {
  items: readonly UploadItem[];
  onRemove(key: string): void;
  onClear(): void;
  /** No changes while an upload runs. */
  locked: boolean;
}

/** The files picked for upload with their status (Ready, Uploading..., uploaded, failed) and Clear All. */
export function SelectedFiles({ items, onRemove, onClear, locked }: SelectedFilesProps) {
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
              <p className="truncate text-sm font-medium text-slate-900" title={item.file.name}>
                {item.file.name}
              </p>
              <p className="text-xs text-slate-500">{formatFileSize(item.file.size)}</p>
              {item.status === 'error' && <p className="mt-0.5 text-xs text-red-700">{item.error ?? t('uploadFailed')}</p>}
            </div>
            <div className="flex shrink-0 items-center gap-1 self-center">
              <StatusBadge item={item} />
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
          </li>
        ))}
      </ul>
    </div>
  );
}
