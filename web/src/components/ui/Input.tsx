import type { ComponentProps } from 'react';
import clsx from 'clsx';

export interface InputProps extends ComponentProps<'input'> {
  invalid?: boolean;
}

export function Input({ invalid = false, className, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={clsx(
        'block h-10 w-full rounded-lg border bg-surface px-3 text-sm text-slate-900 shadow-xs transition-colors placeholder:text-slate-400',
        'focus:outline-none focus-visible:ring-3',
        'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
        invalid
          ? 'border-red-400 focus-visible:border-red-500 focus-visible:ring-red-500/20'
          : 'border-slate-300 focus-visible:border-accent-500 focus-visible:ring-accent-500/20',
        className,
      )}
      {...props}
    />
  );
}
