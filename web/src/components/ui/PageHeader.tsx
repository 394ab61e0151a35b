import type { ReactNode } from 'react';
import clsx from 'clsx';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Shown after the title, e.g. a badge. */
  titleAddon?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, titleAddon, actions, className }: PageHeaderProps) {
  return (
    <header className={clsx('mb-8 flex flex-wrap items-end justify-between gap-4', className)}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2.5">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {titleAddon}
        </div>
        {description && <p className="mt-1.5 text-sm text-slate-600 sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
