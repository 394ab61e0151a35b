import type { ReactNode } from 'react';
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

/** SPEC §2's Storage Analytics: five tiles, and used storage against the quota. */
export function StorageAnalyticsCard({ storage, user, systemWide, loading, failed }: StorageAnalyticsCardProps) {
  const show = (value: (s: StorageStats) => string) => (storage ? value(storage) : loading ? '…' : '—');
  const { used, quota, percent, tone } = quotaUsage(user);
  return (
    <Card>
      <CardHeader
        title="Storage Analytics"
        description={systemWide ? 'Deduplication across every user’s files' : 'How deduplication saves space across your files'}
      />
      <CardContent className="space-y-5">
        {failed && !storage && <p className="text-sm text-red-700">Storage statistics could not be loaded. They will be retried shortly.</p>}
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          <Tile label="Actual Storage Used" value={show((s) => formatFileSize(s.total_storage_bytes))} note="Stored once per content" />
          <Tile label="Without Deduplication" value={show((s) => formatFileSize(s.original_storage_bytes))} note="Sum of all file sizes" />
          <Tile label="Space Saved" value={show((s) => formatFileSize(s.savings_bytes))} note="Duplicates cost nothing" highlight={Boolean(storage?.savings_bytes)} />
          <Tile label="Efficiency" value={show((s) => formatPercent(s.savings_percentage))} note="Share of bytes saved" />
          <Tile label="Deduplication Rate" value={show((s) => formatPercent(s.deduplication_ratio * 100))} note="Files already stored" className="col-span-2 md:col-span-1" />
        </dl>
        {user && (
          <div>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-700">Your quota</span>
              <span className="text-slate-600">
                <span className="font-medium text-slate-900">{formatFileSize(used)}</span> of {formatFileSize(quota)} used ({formatPercent(percent)})
              </span>
            </div>
            <ProgressBar value={percent} tone={tone} label="Storage used of quota" valueText={`${formatFileSize(used)} of ${formatFileSize(quota)}`} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
