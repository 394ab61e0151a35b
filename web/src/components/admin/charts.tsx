import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStatsResponse, AdminUserRow } from '@vault/contract';
import { formatCount, formatFileSize, formatInUnit, numberLocale, sizeUnitFor } from '../../lib/format';

/** The accent (indigo) and a cool companion that stays distinct for common colour-vision deficiencies. */
const ACCENT = '#4f46e5';
const SECOND = '#0ea5e9';
const GRID = 'var(--color-slate-200)';
const TICK = { fontSize: 12, fill: 'var(--color-slate-500)' };

/** The most of a name the axis shows; a longer one ends in "…" (whole in the tooltip and the figure's caption). */
const NAME_AXIS_MAX_CHARS = 18;
const axisName = (name: string) => (name.length > NAME_AXIS_MAX_CHARS ? `${name.slice(0, NAME_AXIS_MAX_CHARS - 1)}…` : name);

/** Users with the most stored bytes, largest first, each bar with its size at its end. */
export function StorageByUserChart({ users }: { users: AdminUserRow[] }) {
  const { t } = useTranslation('admin');
  // The largest unit the biggest value reaches, so axis ticks fall on round numbers of it.
  const unit = sizeUnitFor(Math.max(...users.map((u) => u.used_storage_bytes)));
  const data = users.map((u) => ({ name: u.username, bytes: u.used_storage_bytes, value: u.used_storage_bytes / unit.bytes }));
  return (
    <BarChart
      responsive
      layout="vertical"
      data={data}
      // Room on the right for the largest bar's size.
      margin={{ top: 4, right: 72, bottom: 4, left: 4 }}
      style={{ width: '100%', height: 48 + data.length * 36 }}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tickFormatter={(v: number) => formatInUnit(v, unit)} tick={TICK} axisLine={false} tickLine={false} />
      {/* As wide as the longest name shown, measured. */}
      <YAxis type="category" dataKey="name" width="auto" tickFormatter={axisName} tick={TICK} axisLine={false} tickLine={false} />
      <Tooltip
        formatter={(_value, _name, item) => [formatFileSize(Number((item.payload as { bytes: number }).bytes)), t('chart.storageUsed')]}
        cursor={{ fill: 'var(--color-slate-100)' }}
      />
      {/* A tiny store still shows a sliver of bar. */}
      <Bar dataKey="value" name={t('chart.storageUsed')} fill={ACCENT} radius={[0, 4, 4, 0]} maxBarSize={22} minPointSize={3}>
        <LabelList dataKey="bytes" position="right" formatter={(bytes) => formatFileSize(Number(bytes))} style={TICK} />
      </Bar>
    </BarChart>
  );
}

const dayLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(numberLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Uploads and downloads per UTC day. */
export function ActivityTimelineChart({ timeline }: { timeline: AdminStatsResponse['timeline'] }) {
  const { t } = useTranslation('admin');
  return (
    <BarChart responsive data={timeline} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} style={{ width: '100%', height: 260 }}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="date" tickFormatter={dayLabel} tick={TICK} axisLine={false} tickLine={false} minTickGap={24} />
      <YAxis allowDecimals={false} tickFormatter={formatCount} tick={TICK} axisLine={false} tickLine={false} />
      <Tooltip labelFormatter={(label) => dayLabel(String(label))} formatter={(count) => formatCount(Number(count))} cursor={{ fill: 'var(--color-slate-100)' }} />
      <Legend iconType="circle" iconSize={8} itemSorter={null} wrapperStyle={{ fontSize: 13 }} />
      <Bar dataKey="uploads" name={t('chart.uploads')} fill={ACCENT} radius={[3, 3, 0, 0]} maxBarSize={14} />
      <Bar dataKey="downloads" name={t('chart.downloads')} fill={SECOND} radius={[3, 3, 0, 0]} maxBarSize={14} />
    </BarChart>
  );
}
