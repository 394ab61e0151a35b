import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import { Label } from './Label';

/** A native select in the input style: keyboard and screen-reader friendly everywhere, including phones. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={clsx('relative', className)}>
      <select
        className={clsx(
          'block h-10 w-full appearance-none rounded-lg border border-slate-300 bg-surface py-0 pr-9 pl-3 text-sm text-slate-900 shadow-xs transition-colors',
          'focus:outline-none focus-visible:border-accent-500 focus-visible:ring-3 focus-visible:ring-accent-500/20',
          'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: ReactNode;
}

export function SelectField({ label, className, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} className="mt-1.5" {...props} />
    </div>
  );
}

/** <option>s for a list of choices. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
