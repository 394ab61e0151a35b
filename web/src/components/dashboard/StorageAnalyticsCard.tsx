import { Trans, useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { StorageStats, UserStats } from '@vault/contract';
import { formatFileSize, formatPercent } from '../../lib/format';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ProgressBar } from '../ui/ProgressBar';
import { quotaUsage } from '../storage/storage-figures';

export interface StorageAnalyticsCardProps {
  storage: StorageStats | undefined;
  user: UserStats | undefined;
  /** Admins see figures over every user's files. */
  systemWide: boolean;
  loading: boolean;
  failed: boolean;
}

function Tile({ label, value, note, highlight = false, className }: { label: string; value: ReactNode; note: string; highlight?: boolean; className?: string }) {
  return (
    <div
      className={clsx(
        'rounded-lg p-4 ring-1 ring-inset',
        highlight ? 'bg-emerald-50 ring-emerald-600/15' : 'bg-slate-50 ring-slate-200',
        className,
      )}
    >
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={highlight ? 'mt-1 text-xl font-semibold text-emerald-700' : 'mt-1 text-xl font-semibold text-slate-900'}>{value}</dd>
      <dd className="mt-0.5 text-xs text-slate-500">{note}</dd>
    </div>
  );
}

/**
 * What Trash holds, nothing while it is empty: the caller's, linking to it; for admins every user's,
 * which no page lists (their own Trash is in the navigation), so it is not a link.
 */
function TrashFigure({ storage, systemWide }: { storage: StorageStats; systemWide: boolean }) {
  const { t } = useTranslation('dashboard');
  if (storage.trash_bytes <= 0) return null;
  const figure = (
    <>
      <Trash2 aria-hidden="true" className="size-4" />
      {t('inTrash', { size: formatFileSize(storage.trash_bytes) })}
    </>
  );
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
      {systemWide ? (
        <span className="inline-flex items-center gap-1.5 font-medium text-slate-700">{figure}</span>
      ) : (
        <Link to="/trash" className="inline-flex items-center gap-1.5 font-medium text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600">
          {figure}
        </Link>
      )}
      <span className="text-slate-500">{t(systemWide ? 'inTrashNoteAll' : 'inTrashNote', { count: storage.trash_file_count })}</span>
    </p>
  );
}

/** The dashboard's Storage Analytics: five tiles, used storage against the quota, and what Trash holds. */
export function StorageAnalyticsCard({ storage, user, systemWide, loading, failed }: StorageAnalyticsCardProps) {
  const { t } = useTranslation('dashboard');
  const show = (value: (s: StorageStats) => string) => (storage ? value(storage) : loading ? '…' : '—');
  const { used, quota, percent, tone } = quotaUsage(user);
  return (
    <Card>
      <CardHeader
        title={t('storageAnalytics')}
        description={systemWide ? t('analytics.systemWide') : t('analytics.own')}
      />
      <CardContent className="space-y-5">
        {failed && !storage && <p className="text-sm text-red-700">{t('storageStatisticsCouldNotBe')}</p>}
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          <Tile label={t('actualStorageUsed')} value={show((s) => formatFileSize(s.total_storage_bytes))} note={t('storedOncePerContent')} />
          <Tile label={t('withoutDeduplication')} value={show((s) => formatFileSize(s.original_storage_bytes))} note={t('sumOfAllFileSizes')} />
          <Tile label={t('spaceSaved')} value={show((s) => formatFileSize(s.savings_bytes))} note={t('duplicatesCostNothing')} highlight={Boolean(storage?.savings_bytes)} />
          <Tile label={t('efficiency')} value={show((s) => formatPercent(s.savings_percentage))} note={t('shareOfBytesSaved')} />
          <Tile label={t('deduplicationRate')} value={show((s) => formatPercent(s.deduplication_ratio * 100))} note={t('filesAlreadyStored')} className="col-span-2 md:col-span-1" />
        </dl>
        {user && (
          <div>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-700">{t('yourQuota')}</span>
              <span className="text-slate-600">
                <Trans t={t} i18nKey="quota.summary" values={{ used: formatFileSize(used), quota: formatFileSize(quota), percent: formatPercent(percent) }} components={{ used: <span className="font-medium text-slate-900" /> }} />
              </span>
            </div>
            <ProgressBar value={percent} tone={tone} label={t('storageUsedOfQuota')} valueText={t('quota.valueText', { used: formatFileSize(used), quota: formatFileSize(quota) })} />
          </div>
        )}
        {storage && <TrashFigure storage={storage} systemWide={systemWide} />}
      </CardContent>
    </Card>
  );
}
