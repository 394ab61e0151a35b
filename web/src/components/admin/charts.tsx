import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStatsResponse, AdminUserRow } from '@vault/contract';
import { formatFileSize } from '../../lib/format';

/** The accent (indigo) and a cool companion that stays distinct for common colour-vision deficiencies. */
const ACCENT = '#4f46e5';
const SECOND = '#0ea5e9';
const GRID = '#e2e8f0';
const TICK = { fontSize: 12, fill: '#64748b' };

/** Users with the most stored bytes, largest first. */
export function StorageByUserChart({ users }: { users: AdminUserRow[] }) {
  const data = users.map((u) => ({ name: u.username, bytes: u.used_storage_bytes }));
  return (
    <BarChart
      responsive
      layout="vertical"
      data={data}
      margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
      style={{ width: '100%', height: 48 + data.length * 36 }}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" tickFormatter={formatFileSize} tick={TICK} axisLine={false} tickLine={false} />
      <YAxis type="category" dataKey="name" width={96} tick={TICK} axisLine={false} tickLine={false} />
      <Tooltip formatter={(value) => [formatFileSize(Number(value)), 'Storage used']} cursor={{ fill: '#f1f5f9' }} />
      <Bar dataKey="bytes" name="Storage used" fill={ACCENT} radius={[0, 4, 4, 0]} maxBarSize={22} />
    </BarChart>
  );
}

const dayLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Uploads and downloads per UTC day. */
export function ActivityTimelineChart({ timeline }: { timeline: AdminStatsResponse['timeline'] }) {
  return (
    <BarChart responsive data={timeline} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} style={{ width: '100%', height: 260 }}>
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis dataKey="date" tickFormatter={dayLabel} tick={TICK} axisLine={false} tickLine={false} minTickGap={24} />
      <YAxis allowDecimals={false} tick={TICK} axisLine={false} tickLine={false} />
      <Tooltip labelFormatter={(label) => dayLabel(String(label))} cursor={{ fill: '#f1f5f9' }} />
      <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 13 }} />
      <Bar dataKey="uploads" name="Uploads" fill={ACCENT} radius={[3, 3, 0, 0]} maxBarSize={14} />
      <Bar dataKey="downloads" name="Downloads" fill={SECOND} radius={[3, 3, 0, 0]} maxBarSize={14} />
    </BarChart>
  );
}
