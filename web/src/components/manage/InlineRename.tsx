import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { errorMessage } from '../../api/client';

/** How editing ended: by a key (Enter, Escape), so focus goes back where editing began; or by leaving the field. */
export type RenameEnd = 'key' | 'left';

export interface InlineRenameProps {
  name: string;
  /** Saves the new name; a rejection's message is shown under the field and editing goes on. */
  onSave(name: string): Promise<unknown>;
  /** Editing ended: saved, cancelled, or left. */
  onDone(how: RenameEnd): void;
  /** Selects the name without its extension at first, as a file's type stays. */
  keepExtension?: boolean;
  className?: string;
}

/**
 * A name edited in place: Enter saves, Escape cancels (and goes no further,
 * so it clears no selection and closes no dialog), leaving the field cancels.
 */
export function InlineRename({ name, onSave, onDone, keepExtension = false, className }: InlineRenameProps) {
  const { t } = useTranslation('manage');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    const dot = name.lastIndexOf('.');
    field.setSelectionRange(0, keepExtension && dot > 0 ? dot : name.length);
  }, [name, keepExtension]);

  const save = async () => {
    const next = value.trim();
    if (next === '') return setError(t('rename.blank'));
    if (next === name) return onDone('key');
    setPending(true);
    try {
      await onSave(next);
      onDone('key');
    } catch (err) {
      setError(errorMessage(err, t('rename.failed')));
      setPending(false);
      input.current?.focus();
    }
  };

  return (
    <div className={clsx('min-w-0', className)}>
      <input
        ref={input}
        aria-label={t('rename.label', { name })}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        maxLength={255}
        readOnly={pending}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onDone('key');
          }
        }}
        onBlur={() => {
          if (!pending) onDone('left');
        }}
        // A double-click or drag inside the field edits its text; it must not reach the row.
        onDoubleClick={(e) => e.stopPropagation()}
        onClick={(e) => e.stopPropagation()}
        draggable={false}
        onDragStart={(e) => {
          e.preventDefault();
          e.stopPropagation();
        }}
        className={clsx(
          'w-full rounded-md border bg-surface px-2 py-1 text-sm font-medium text-slate-900 focus:outline-2 focus:outline-offset-0',
          error ? 'border-red-500 focus:outline-red-500' : 'border-accent-500 focus:outline-accent-600',
        )}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium break-words text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
