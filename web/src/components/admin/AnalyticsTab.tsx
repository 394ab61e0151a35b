import { Trans, useTranslation } from 'react-i18next';
import { Trophy } from 'lucide-react';
import clsx from 'clsx';
import { LIMITS, type TopFile } from '@vault/contract';
import { useTopFiles } from '../../api/admin';
import { formatCount, formatFileSize } from '../../lib/format';
import { Card, CardHeader } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { QueryState } from '../ui/QueryState';

const LIMIT = LIMITS.topFilesLimit;
const PODIUM = ['bg-amber-100 text-amber-800', 'bg-slate-200 text-slate-700', 'bg-orange-100 text-orange-800'];

function TopFileRow({ file, rank, most }: { file: TopFile; rank: number; most: number }) {
  const { t } = useTranslation('admin');
  return (
    <li className="flex items-center gap-4 px-5 py-3.5">
      <span
        className={clsx('flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums', PODIUM[rank - 1] ?? 'bg-slate-100 text-slate-600')}
      >
        <span className="sr-only">{t('rank')} </span>
        {rank}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <p className="truncate font-medium text-slate-900" title={file.original_name}>
            {file.original_name}
          </p>
          <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
            <Trans t={t} i18nKey="analytics.downloads" count={file.download_count} values={{ formatted: formatCount(file.download_count) }} components={{ noun: <span className="font-normal text-slate-500" /> }} />
          </p>
        </div>
        <p className="mt-0.5 truncate text-sm text-slate-500">
          {file.username} · {formatFileSize(file.file_size)}
        </p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-full rounded-full bg-accent-500" style={{ width: `${(file.download_count / most) * 100}%` }} />
        </div>
      </div>
    </li>
  );
}

export function AnalyticsTab() {
  const { t } = useTranslation('admin');
  const top = useTopFiles(LIMIT);
  return (
    <Card>
      <CardHeader title={t('topDownloadedFiles')} description={t('analytics.description', { count: LIMIT })} />
      <QueryState query={top} loading={t('loadingTopFiles')} failed={t('failedToLoadTopFiles')}>
        {({ files }) =>
          files.length === 0 ? (
            <EmptyState icon={Trophy} title={t('noDownloadsYet')} description={t('filesAppearHereOnceSomeone')} />
          ) : (
            <ol aria-label={t('topDownloadedFiles2')} className="divide-y divide-slate-100">
              {files.map((file, i) => (
                <TopFileRow key={file.id} file={file} rank={i + 1} most={files[0]!.download_count} />
              ))}
            </ol>
          )
        }
      </QueryState>
    </Card>
  );
}
