import { useId, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  label: ReactNode;
  description?: ReactNode;
}

/** A checkbox with its label (and optional help text) as one click target. */
export function Checkbox({ label, description, className, ...props }: CheckboxProps) {
  const id = useId();
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        {...props}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="text-slate-500">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
