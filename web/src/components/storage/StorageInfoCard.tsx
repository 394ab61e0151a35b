import { useTranslation } from 'react-i18next';
import type { StorageStats, UserStats } from '@vault/contract';
import { formatFileSize, formatPercent } from '../../lib/format';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ProgressBar } from '../ui/ProgressBar';
import { quotaUsage } from './storage-figures';

export interface StorageInfoCardProps {
  user: UserStats | undefined;
  storage: StorageStats | undefined;
}

function Figure({ label, value, accent = false }: { label: string; value: string; accent?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className={accent ? 'font-semibold text-emerald-700' : 'font-semibold text-slate-900'}>{value}</dd>
    </div>
  );
}

/** The upload page's Storage Information: used, quota, percent, and savings when there are any. */
export function StorageInfoCard({ user, storage }: StorageInfoCardProps) {
  const { t } = useTranslation('dashboard');
  const { used, quota, percent, tone } = quotaUsage(user);
  return (
    <Card>
      <CardHeader title={t('storageInformation')} />
      <CardContent>
        {user ? (
          <>
            <dl>
              <Figure label={t('storageUsed')} value={formatFileSize(used)} />
              <Figure label={t('storageQuota')} value={formatFileSize(quota)} />
              <Figure label={t('used')} value={formatPercent(percent)} />
            </dl>
            <ProgressBar className="mt-2" value={percent} tone={tone} label={t('storageUsedOfQuota')} valueText={t('quota.percentUsed', { percent: formatPercent(percent) })} />
            {storage && storage.savings_bytes > 0 && (
              <dl className="mt-4 border-t border-slate-100 pt-3">
                <Figure label={t('spaceSaved')} value={formatFileSize(storage.savings_bytes)} accent />
                <Figure label={t('deduplicationRate')} value={formatPercent(storage.deduplication_ratio * 100)} accent />
              </dl>
            )}
            <p className="mt-4 text-xs text-slate-500">{t('filesWhoseContentIsAlready')}</p>
          </>
        ) : (
          <div aria-hidden="true" className="space-y-3">
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <div className="h-2 animate-pulse rounded bg-slate-100" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
