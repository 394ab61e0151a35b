import { useId, type ReactNode } from 'react';
import { Input, type InputProps } from './Input';
import { Label } from './Label';
import { FieldError } from './FieldError';

export interface TextFieldProps extends Omit<InputProps, 'id' | 'invalid'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** Label, input and validation message wired together for screen readers. */
export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} invalid={Boolean(error)} aria-describedby={describedBy} className="mt-1.5" {...inputProps} />
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
