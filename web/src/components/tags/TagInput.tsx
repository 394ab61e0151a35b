import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { Plus, Tag } from 'lucide-react';
import { LIMITS } from '@vault/contract';
import { addTag } from '../../lib/upload-rules';
import { Button } from '../ui/Button';
import { ChipRemoveButton } from '../ui/ChipRemoveButton';
import { FieldError } from '../ui/FieldError';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';

export interface TagInputProps {
  tags: readonly string[];
  onChange(tags: string[]): void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** Tag entry with an Add button (or Enter) and removable chips, by the tag rules. */
export function TagInput({ tags, onChange, label, placeholder, disabled = false }: TagInputProps) {
  const { t } = useTranslation('files');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = tags.length >= LIMITS.maxTags;

  const add = () => {
    if (draft.trim() === '') return;
    const result = addTag(tags, draft);
    if (result.error !== null) {
      setError(result.error);
      return;
    }
    onChange(result.tags);
    setDraft('');
    setError(null);
  };

  const message = error ?? (full ? t('tags.max', { max: LIMITS.maxTags }) : undefined);
  return (
    <div>
      <Label htmlFor={id}>{label ?? t('tags.label')}</Label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder ?? t('tags.placeholder')}
          disabled={disabled || full}
          invalid={error !== null}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault(); // Enter adds the tag; it must not submit the surrounding form.
            add();
          }}
        />
        <Button variant="secondary" onClick={add} disabled={disabled || full || draft.trim() === ''} className="shrink-0">
          <Plus aria-hidden="true" className="size-4" />
          {t('add')}
        </Button>
      </div>
      {message ? (
        <FieldError id={`${id}-error`} message={message} />
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {t('tags.hint', { max: LIMITS.maxTags, length: LIMITS.maxTagLength })}
        </p>
      )}
      {tags.length > 0 && (
        <ul aria-label={t('tags.added', { label: label ?? t('tags.label') })} className="mt-2.5 flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-50 py-1 pr-1 pl-2.5 text-sm text-accent-800 ring-1 ring-accent-600/15 ring-inset">
              <Tag aria-hidden="true" className="size-3 shrink-0" />
              <span className="truncate">{tag}</span>
              <ChipRemoveButton
                label={t('tags.remove', { tag })}
                tone="accent"
                disabled={disabled}
                onClick={() => {
                  onChange(tags.filter((other) => other !== tag));
                  setError(null);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
