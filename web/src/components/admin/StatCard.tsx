import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { Card } from '../ui/Card';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  /** Tailwind classes for the icon tile, e.g. 'bg-sky-50 text-sky-600'. */
  tone: string;
  hint?: ReactNode;
}

/** One figure of a summary row: the label names it for screen readers too. */
export function StatCard({ label, value, icon: Icon, tone, hint }: StatCardProps) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <dl className="min-w-0">
          <dt className="text-sm font-medium text-slate-500">{label}</dt>
          <dd className="mt-1.5 truncate text-xl font-semibold sm:text-2xl tracking-tight text-slate-900 tabular-nums">{value}</dd>
          {hint && <dd className="mt-1 text-xs text-slate-500">{hint}</dd>}
        </dl>
        <span className={clsx('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
    </Card>
  );
}
