import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { InlineRename } from './InlineRename';
import type { RowManagement } from './use-file-management';

/** A row's (or folder card's) selection checkbox; shift-click selects the range from the last one clicked. */
export function SelectBox({ name, manage, className }: { name: string; manage: Pick<RowManagement, 'selected' | 'toggle'>; className?: string }) {
  const { t } = useTranslation('manage');
  return (
    <input
      type="checkbox"
      aria-label={t('select', { name })}
      checked={manage.selected}
      onChange={(event) => manage.toggle((event.nativeEvent as Partial<globalThis.MouseEvent>).shiftKey === true)}
      className={clsx('size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600', className)}
    />
  );
}

/** "Select all on this page": checked, mixed (some), or not. */
export function SelectAllBox({ label, checked, mixed, onToggle, className }: { label: string; checked: boolean; mixed: boolean; onToggle(): void; className?: string }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onToggle}
      className={clsx('size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600', className)}
    />
  );
}

/** A file's name, or the field renaming it; a double-click on the owner's file starts the rename. */
export function ManagedName({ name, manage, className, title }: { name: string; manage: RowManagement | undefined; className: string; title?: string }) {
  if (manage?.renaming) {
    return <InlineRename name={name} keepExtension onSave={manage.saveName} onDone={manage.endRename} />;
  }
  return (
    <p className={className} title={title} onDoubleClick={manage?.owned ? manage.startRename : undefined}>
      {name}
    </p>
  );
}
