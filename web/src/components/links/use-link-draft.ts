import { useState } from 'react';

/** What a link form says under its fields, by field. */
export type DraftErrors<D> = Partial<Record<keyof D, string>>;

/** A link form's draft and the messages under its fields: changing a field clears its message. */
export function useLinkDraft<D extends object>(initial: D) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors<D>>({});
  const change = (patch: Partial<D>) => {
    setDraft((now) => ({ ...now, ...patch }));
    setErrors((now) => Object.fromEntries(Object.entries(now).filter(([key]) => !(key in patch))) as DraftErrors<D>);
  };
  const reset = () => {
    setDraft(initial);
    setErrors({});
  };
  return { draft, errors, setErrors, change, reset };
}
