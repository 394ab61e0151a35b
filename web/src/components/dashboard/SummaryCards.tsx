import { useTranslation } from 'react-i18next';
import { Files, HardDrive, Gauge, Search } from 'lucide-react';
import type { UserStats } from '@vault/contract';
import { formatFileSize, formatPercent } from '../../lib/format';
import { StatCard } from '../ui/StatCard';
import { quotaUsage } from '../storage/storage-figures';

export interface SummaryCardsProps {
  stats: UserStats | undefined;
  statsLoading: boolean;
  filesFound: number | undefined;
  filesFoundLoading: boolean;
}

/** The dashboard's four summary cards. */
export function SummaryCards({ stats, statsLoading, filesFound, filesFoundLoading }: SummaryCardsProps) {
  const { t } = useTranslation('dashboard');
  const { used, quota, percent } = quotaUsage(stats);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label={t('totalFiles')} icon={Files} value={stats?.total_files ?? '—'} detail={t('summary.trashNotIncluded')} loading={statsLoading} />
      <StatCard
        label={t('storageUsed')}
        icon={HardDrive}
        tone="bg-sky-50 text-sky-700"
        value={stats ? formatFileSize(used) : '—'}
        detail={stats && t('summary.ofQuota', { percent: formatPercent(percent) })}
        loading={statsLoading}
      />
      <StatCard label={t('storageQuota')} icon={Gauge} tone="bg-amber-50 text-amber-700" value={stats ? formatFileSize(quota) : '—'} loading={statsLoading} />
      <StatCard label={t('filesFound')} icon={Search} tone="bg-emerald-50 text-emerald-700" value={filesFound ?? '—'} loading={filesFoundLoading} />
    </div>
  );
}
