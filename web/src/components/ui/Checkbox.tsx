import { useId, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  label: ReactNode;
  hint?: ReactNode;
}

/** A checkbox with its label (and an optional hint) beside it; the whole label toggles it. */
export function Checkbox({ label, hint, className, ...props }: CheckboxProps) {
  const id = useId();
  return (
    <div className={clsx('flex items-start gap-2.5', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        {...props}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
