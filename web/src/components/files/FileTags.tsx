import { useTranslation } from 'react-i18next';
import { Tag } from 'lucide-react';
import clsx from 'clsx';

/** A file's tags as chips; nothing when it has none. */
export function FileTags({ tags, className }: { tags: readonly string[]; className?: string }) {
  const { t } = useTranslation('files');
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t('tags')} className={clsx('flex flex-wrap gap-1', className)}>
      {tags.map((tag) => (
        <li key={tag} className="inline-flex max-w-[12rem] items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          <Tag aria-hidden="true" className="size-3 shrink-0 text-slate-400" />
          <span className="truncate">{tag}</span>
        </li>
      ))}
    </ul>
  );
}
