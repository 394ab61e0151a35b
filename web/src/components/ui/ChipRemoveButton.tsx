import type { ComponentProps } from 'react';
import { X } from 'lucide-react';
import clsx from 'clsx';

export interface ChipRemoveButtonProps extends Omit<ComponentProps<'button'>, 'children' | 'type'> {
  /** The accessible name, e.g. 'Remove tag draft'. */
  label: string;
  /** The colour of the chip it sits in. */
  tone: 'accent' | 'neutral';
}

const TONES = {
  accent: 'text-accent-700 hover:text-accent-800',
  neutral: 'text-slate-500 hover:text-slate-800',
} as const;

/** The small × at the end of a chip (a tag, a user shared with) that takes it off its list. */
export function ChipRemoveButton({ label, tone, className, ...props }: ChipRemoveButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      className={clsx('rounded-full p-0.5 hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent-600', TONES[tone], className)}
      {...props}
    >
      <X aria-hidden="true" className="size-3.5" />
    </button>
  );
}
