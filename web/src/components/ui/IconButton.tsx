import type { ComponentProps } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  icon: LucideIcon;
  /** The accessible name, e.g. 'Download report.pdf'. */
  label: string;
  /** The short text shown on hover and focus, e.g. 'Download'; defaults to the label. */
  tooltip?: string;
  tone?: 'neutral' | 'danger';
  /** Classes of the icon itself (e.g. a filled star). */
  iconClassName?: string;
}

const TONES = {
  neutral: 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
  danger: 'text-slate-500 hover:bg-red-50 hover:text-red-700',
} as const;

/** A square icon-only button with a tooltip. */
export function IconButton({ icon: Icon, label, tooltip, tone = 'neutral', iconClassName, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type={type}
            aria-label={label}
            className={clsx(
              'inline-flex size-9 shrink-0 items-center justify-center rounded-lg transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600 disabled:pointer-events-none disabled:opacity-50',
              TONES[tone],
              className,
            )}
            {...props}
          >
            <Icon aria-hidden="true" className={clsx('size-4', iconClassName)} />
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={4}
            className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-slate-50 shadow-overlay data-[state=delayed-open]:motion-safe:animate-fade-in"
          >
            {tooltip ?? label}
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
