import { Download, Files, HardDrive, Users } from 'lucide-react';
import type { AdminStatsResponse, AdminUserRow, SystemStats } from '@vault/contract';
import { useAdminStats, useAdminUsers } from '../../api/admin';
import { formatFileSize, formatPercent } from '../../lib/format';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { ActivityTimelineChart, StorageByUserChart } from './charts';
import { QueryState } from '../ui/QueryState';
import { StatCard } from '../ui/StatCard';

const CHART_USERS = 8;
const count = (n: number) => n.toLocaleString('en-US');

export function OverviewTab() {
  const stats = useAdminStats();
  const users = useAdminUsers();
  return (
    <div className="space-y-6">
      <QueryState query={stats} loading="Loading statistics..." failed="Failed to load statistics">
        {({ stats: s }) => (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
              <StatCard iconAt="end" label="Total Files" value={count(s.total_files)} icon={Files} detail={`${count(s.public_files)} public`} />
              <StatCard iconAt="end" label="Total Users" value={count(s.total_users)} icon={Users} tone="bg-sky-50 text-sky-600" />
              <StatCard
                iconAt="end"
                label="Storage Used"
                value={formatFileSize(s.total_storage_bytes)}
                icon={HardDrive}
                tone="bg-emerald-50 text-emerald-600"
                detail={`${formatFileSize(s.logical_storage_bytes)} before deduplication`}
              />
              <StatCard iconAt="end" label="Total Downloads" value={count(s.total_downloads)} icon={Download} tone="bg-amber-50 text-amber-700" />
            </div>
            <StorageEfficiency stats={s} />
          </>
        )}
      </QueryState>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Storage by user" description="Who stores the most, after deduplication of their own files" />
          <CardContent>
            <QueryState query={users} loading="Loading users..." failed="Failed to load users">
              {(data) => <StorageByUser users={data.users} />}
            </QueryState>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Uploads and downloads" description="Per day over the last 30 days (UTC)" />
          <CardContent>
            <QueryState query={stats} loading="Loading activity..." failed="Failed to load statistics">
              {(data) => <Timeline timeline={data.timeline} />}
            </QueryState>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function StorageEfficiency({ stats }: { stats: SystemStats }) {
  const physicalShare = stats.logical_storage_bytes > 0 ? (stats.total_storage_bytes / stats.logical_storage_bytes) * 100 : 0;
  const bars = [
    { label: 'Uploaded (logical)', bytes: stats.logical_storage_bytes, width: stats.logical_storage_bytes > 0 ? 100 : 0, tone: 'bg-slate-300' },
    { label: 'Stored on disk (physical)', bytes: stats.total_storage_bytes, width: physicalShare, tone: 'bg-accent-600' },
  ];
  return (
    <Card>
      <CardHeader title="Deduplication" description="Identical content is stored once, however many files hold it" />
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
            <dt className="text-xs font-medium tracking-wide text-emerald-700 uppercase">Space saved</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatFileSize(stats.savings_bytes)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-emerald-700 uppercase">Savings</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatPercent(stats.savings_percentage)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function StorageByUser({ users }: { users: AdminUserRow[] }) {
  const top = users
    .filter((u) => u.used_storage_bytes > 0)
    .sort((a, b) => b.used_storage_bytes - a.used_storage_bytes)
    .slice(0, CHART_USERS);
  if (top.length === 0) return <p className="py-10 text-center text-sm text-slate-500">No files stored yet.</p>;
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
  const uploads = timeline.reduce((n, d) => n + d.uploads, 0);
  const downloads = timeline.reduce((n, d) => n + d.downloads, 0);
  if (uploads + downloads === 0) return <p className="py-10 text-center text-sm text-slate-500">No uploads or downloads in the last 30 days.</p>;
  return (
    <figure>
      <ActivityTimelineChart timeline={timeline} />
      <figcaption className="mt-2 text-sm text-slate-500">
        {count(uploads)} uploads and {count(downloads)} downloads in 30 days
      </figcaption>
    </figure>
  );
}
