import type { ComponentProps, ReactNode } from 'react';
import clsx from 'clsx';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={clsx('rounded-xl border border-slate-200 bg-surface shadow-card', className)} {...props} />;
}

export interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

export function CardHeader({ title, description, actions, className }: CardHeaderProps) {
  return (
    <div className={clsx('flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4', className)}>
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
      </div>
      {/* Too wide for a phone, the buttons wrap, and one wider than the card shrinks to it, rather than run past the card. */}
      {actions && <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('px-5 py-4', className)} {...props} />;
}
