import { useTranslation } from 'react-i18next';
import { Download, Files, HardDrive, Users } from 'lucide-react';
import type { AdminStatsResponse, AdminUserRow, SystemStats } from '@vault/contract';
import { useAdminStats, useAdminUsers } from '../../api/admin';
import { formatCount, formatFileSize, formatPercent } from '../../lib/format';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ActivityTimelineChart, StorageByUserChart } from './charts';
import { QueryState } from '../ui/QueryState';
import { StatCard } from '../ui/StatCard';

const CHART_USERS = 8;
const count = (n: number) => formatCount(n);

export function OverviewTab() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  const users = useAdminUsers();
  // Files in Trash are still stored and counted: said so, the count agrees with All Files' live files and Trash.
  const filesDetail = (s: SystemStats) => {
    const publicCount = t('overview.publicCount', { count: s.public_files, formatted: count(s.public_files) });
    return s.trash_files === 0 ? publicCount : t('overview.withTrash', { public: publicCount, count: s.trash_files, formatted: count(s.trash_files) });
  };
  return (
    <div className="space-y-6">
      <QueryState query={stats} loading={t('loadingStatistics')} failed={t('failedToLoadStatistics')}>
        {({ stats: s }) => (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
              <StatCard layout="end" label={t('totalFiles')} value={count(s.total_files)} icon={Files} detail={filesDetail(s)} />
              <StatCard layout="end" label={t('totalUsers')} value={count(s.total_users)} icon={Users} tone="bg-sky-50 text-sky-700" />
              <StatCard
                layout="end"
                label={t('storageUsed')}
                value={formatFileSize(s.total_storage_bytes)}
                icon={HardDrive}
                tone="bg-emerald-50 text-emerald-700"
                detail={t('overview.beforeDedup', { size: formatFileSize(s.logical_storage_bytes) })}
              />
              <StatCard layout="end" label={t('totalDownloads')} value={count(s.total_downloads)} icon={Download} tone="bg-amber-50 text-amber-700" />
            </div>
            <StorageEfficiency stats={s} />
          </>
        )}
      </QueryState>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title={t('storageByUser')} description={t('whoStoresTheMostAfter')} />
          <CardContent>
            <QueryState query={users} loading={t('loadingUsers')} failed={t('failedToLoadUsers')}>
              {(data) => <StorageByUser users={data.users} />}
            </QueryState>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title={t('uploadsAndDownloads')} description={t('perDayOverTheLast')} />
          <CardContent>
            <QueryState query={stats} loading={t('loadingActivity')} failed={t('failedToLoadStatistics')}>
              {(data) => <Timeline timeline={data.timeline} />}
            </QueryState>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function StorageEfficiency({ stats }: { stats: SystemStats }) {
  const { t } = useTranslation('admin');
  const physicalShare = stats.logical_storage_bytes > 0 ? (stats.total_storage_bytes / stats.logical_storage_bytes) * 100 : 0;
  const bars = [
    { label: t('overview.uploadedLogical'), bytes: stats.logical_storage_bytes, width: stats.logical_storage_bytes > 0 ? 100 : 0, tone: 'bg-slate-300' },
    { label: t('overview.storedPhysical'), bytes: stats.total_storage_bytes, width: physicalShare, tone: 'bg-accent-600' },
  ];
  return (
    <Card>
      <CardHeader title={t('deduplication')} description={t('identicalContentIsStoredOnce')} />
      <CardContent className="grid gap-6 md:grid-cols-[1fr_auto] md:items-center">
        <div className="space-y-4">
          {bars.map((bar) => (
            <div key={bar.label}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-slate-600">{bar.label}</span>
                <span className="font-medium text-slate-900 tabular-nums">{formatFileSize(bar.bytes)}</span>
              </div>
              <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className={`h-full rounded-full ${bar.tone}`} style={{ width: `${bar.width}%` }} />
              </div>
            </div>
          ))}
        </div>
        <dl className="flex gap-8 rounded-lg bg-emerald-50 px-5 py-4 text-emerald-900 md:flex-col md:gap-3">
          <div>
            <dt className="text-xs font-medium tracking-wide text-emerald-700 uppercase">{t('spaceSaved')}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatFileSize(stats.savings_bytes)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-emerald-700 uppercase">{t('savings')}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatPercent(stats.savings_percentage)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function StorageByUser({ users }: { users: AdminUserRow[] }) {
  const { t } = useTranslation('admin');
  const top = users
    .filter((u) => u.used_storage_bytes > 0)
    .sort((a, b) => b.used_storage_bytes - a.used_storage_bytes)
    .slice(0, CHART_USERS);
  if (top.length === 0) return <p className="py-10 text-center text-sm text-slate-500">{t('noFilesStoredYet')}</p>;
  return (
    <figure>
      <StorageByUserChart users={top} />
      <figcaption className="sr-only">
        {top.map((u) => `${u.username}: ${formatFileSize(u.used_storage_bytes)}`).join('; ')}
      </figcaption>
    </figure>
  );
}

function Timeline({ timeline }: { timeline: AdminStatsResponse['timeline'] }) {
  const { t } = useTranslation('admin');
  const uploads = timeline.reduce((n, d) => n + d.uploads, 0);
  const downloads = timeline.reduce((n, d) => n + d.downloads, 0);
  if (uploads + downloads === 0) return <p className="py-10 text-center text-sm text-slate-500">{t('noUploadsOrDownloadsIn')}</p>;
  return (
    <figure>
      <ActivityTimelineChart timeline={timeline} />
      <figcaption className="mt-2 text-sm text-slate-500">
        {t('overview.timelineSummary', {
          uploads: t('overview.uploads', { count: uploads, formatted: count(uploads) }),
          downloads: t('overview.downloads', { count: downloads, formatted: count(downloads) }),
        })}
      </figcaption>
    </figure>
  );
}
