import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** Tailwind classes of the icon tile; the accent by default. */
  tone?: string;
  /** A line under the value, e.g. '12% of quota'. */
  detail?: ReactNode;
  /** Whose figure it is, above its label, where a row mixes them (an admin's dashboard). */
  scope?: string | undefined;
  /** Shows a placeholder instead of the value. */
  loading?: boolean;
  /**
   * 'start': the icon tile before the figure, above it on phones (summary rows).
   * 'end': after it, and only from 640 px, where panels are dense (the admin overview).
   * 'strip': as 'start' from 640 px; on a phone, three to a row, the figure first
   * (so the figures line up whatever their labels' lines) and no tile.
   */
  layout?: 'start' | 'end' | 'strip';
}

/**
 * The width from which a 'start' card has room for the tile beside its figure:
 * the tile, the gap and a size as long as "1023.99 MB". It is the card's own
 * width, not the screen's: four cards beside the folder tree are narrow on a
 * wide screen.
 */
const START_ROW = '@[13rem]:flex-row @[13rem]:gap-4';

const LAYOUTS = {
  start: { box: 'p-4 sm:p-5', card: `flex flex-col items-start gap-3 ${START_ROW}`, tile: 'flex size-11', text: 'w-full', value: 'mt-0.5', detail: 'mt-0.5' },
  end: { box: 'p-4 sm:p-5', card: 'flex items-start justify-between gap-3', tile: 'hidden size-10 sm:flex', text: '', value: 'mt-1.5 tabular-nums', detail: 'mt-1' },
  strip: {
    box: 'p-3 sm:p-5',
    card: `flex flex-col items-start gap-3 ${START_ROW}`,
    tile: 'hidden size-11 sm:flex',
    text: 'flex w-full flex-col sm:block',
    value: 'order-first sm:mt-0.5',
    detail: 'mt-0.5',
  },
} as const;

/** A summary figure with its label and icon; the label is the element just before the value. */
export function StatCard({ label, value, icon: Icon, tone = 'bg-accent-50 text-accent-700', detail, scope, loading = false, layout: layoutName = 'start' }: StatCardProps) {
  const layout = LAYOUTS[layoutName];
  const tile = (
    <div className={clsx('shrink-0 items-center justify-center rounded-lg', layout.tile, tone)}>
      <Icon aria-hidden="true" className="size-5" />
    </div>
  );
  return (
    <div className={clsx('@container rounded-xl border border-slate-200 bg-surface shadow-card', layout.box)}>
      <div className={layout.card}>
        {layoutName !== 'end' && tile}
        <div className={clsx('min-w-0', layout.text)}>
          {scope && <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{scope}</p>}
          <p className="text-sm font-medium text-slate-500">{label}</p>
          {loading ? (
            <div aria-hidden="true" className={clsx('mt-1.5 h-7 w-20 animate-pulse rounded bg-slate-100', layoutName === 'strip' && 'order-first')} />
          ) : (
            <p className={clsx('truncate text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl', layout.value)}>{value}</p>
          )}
          {detail && !loading && <p className={clsx('text-xs text-slate-500', layout.detail)}>{detail}</p>}
        </div>
        {layoutName === 'end' && tile}
      </div>
    </div>
  );
}
