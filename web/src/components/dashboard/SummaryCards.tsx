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
  /** The list counts every user's files (an admin's): each card says whose its figure is. */
  systemWide: boolean;
}

/** The dashboard's four summary cards: the caller's files and storage, and how many files the list found. */
export function SummaryCards({ stats, statsLoading, filesFound, filesFoundLoading, systemWide }: SummaryCardsProps) {
  const { t } = useTranslation('dashboard');
  const { used, quota, percent } = quotaUsage(stats);
  const yours = systemWide ? t('summary.scope.yours') : undefined;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard scope={yours} label={t('totalFiles')} icon={Files} value={stats?.total_files ?? '—'} detail={t('summary.trashNotIncluded')} loading={statsLoading} />
      <StatCard
        scope={yours}
        label={t('storageUsed')}
        icon={HardDrive}
        tone="bg-sky-50 text-sky-700"
        value={stats ? formatFileSize(used) : '—'}
        detail={stats && t('summary.ofQuota', { percent: formatPercent(percent) })}
        loading={statsLoading}
      />
      <StatCard scope={yours} label={t('storageQuota')} icon={Gauge} tone="bg-amber-50 text-amber-700" value={stats ? formatFileSize(quota) : '—'} loading={statsLoading} />
      <StatCard scope={systemWide ? t('summary.scope.allUsers') : undefined} label={t('filesFound')} icon={Search} tone="bg-emerald-50 text-emerald-700" value={filesFound ?? '—'} loading={filesFoundLoading} />
    </div>
  );
}
