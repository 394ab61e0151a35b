import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** A line under the value, e.g. '12% of quota'. */
  detail?: ReactNode;
  tone?: 'accent' | 'emerald' | 'amber' | 'sky';
  /** Shows a placeholder instead of the value. */
  loading?: boolean;
}

const TONES = {
  accent: 'bg-accent-50 text-accent-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
  sky: 'bg-sky-50 text-sky-600',
} as const;

/** A summary figure with its label and icon. */
export function StatCard({ label, value, icon: Icon, detail, tone = 'accent', loading = false }: StatCardProps) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-card sm:flex-row sm:gap-4 sm:p-5">
      <div className={clsx('flex size-11 shrink-0 items-center justify-center rounded-lg', TONES[tone])}>
        <Icon aria-hidden="true" className="size-5" />
      </div>
      <div className="w-full min-w-0">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        {loading ? (
          <div aria-hidden="true" className="mt-1.5 h-7 w-20 animate-pulse rounded bg-slate-100" />
        ) : (
          <p className="mt-0.5 truncate text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">{value}</p>
        )}
        {detail && !loading && <p className="mt-0.5 text-xs text-slate-500">{detail}</p>}
      </div>
    </div>
  );
}
