import { Files, HardDrive, Gauge, Search } from 'lucide-react';
import type { UserStats } from '@vault/contract';
import { formatFileSize, formatPercent } from '../../lib/format';
import { StatCard } from '../ui/StatCard';
import { quotaUsage } from '../storage/storage-figures';

export interface SummaryCardsProps {
  stats: UserStats | undefined;
  statsLoading: boolean;
  filesFound: number | undefined;
}

/** The dashboard's four summary cards (SPEC §2). */
export function SummaryCards({ stats, statsLoading, filesFound }: SummaryCardsProps) {
  const { used, quota, percent } = quotaUsage(stats);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Total Files" icon={Files} value={stats?.total_files ?? '—'} loading={statsLoading} />
      <StatCard
        label="Storage Used"
        icon={HardDrive}
        tone="bg-sky-50 text-sky-600"
        value={stats ? formatFileSize(used) : '—'}
        detail={stats && `${formatPercent(percent)} of your quota`}
        loading={statsLoading}
      />
      <StatCard label="Storage Quota" icon={Gauge} tone="bg-amber-50 text-amber-600" value={stats ? formatFileSize(quota) : '—'} loading={statsLoading} />
      <StatCard label="Files Found" icon={Search} tone="bg-emerald-50 text-emerald-600" value={filesFound ?? '—'} loading={filesFound === undefined} />
    </div>
  );
}
