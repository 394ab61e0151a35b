import clsx from 'clsx';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  /** Shown to screen readers instead of the bare percent, e.g. '4.2 MB of 10 MB'. */
  valueText?: string;
  tone?: 'accent' | 'warning' | 'danger';
  className?: string;
}

const TONES = { accent: 'bg-accent-600', warning: 'bg-amber-500', danger: 'bg-red-600' } as const;

export function ProgressBar({ value, label, valueText, tone = 'accent', className }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className={clsx('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className={clsx('h-full rounded-full transition-[width] duration-300', TONES[tone])} style={{ width: `${clamped}%` }} />
    </div>
  );
}
