import { useTranslation } from 'react-i18next';
import { Tag } from 'lucide-react';
import clsx from 'clsx';
import { BreakableName } from '../ui/BreakableName';

/**
 * A file's tags as chips; nothing when it has none. A chip is as wide as its tag: a fixed width cut
 * long tags even where there was room, with no way to read them. A tag wider than the line wraps
 * inside its chip with `whole` (details, where tags are read); otherwise (a list row) it is cut at
 * the line's width, and the chip's title reads it in full.
 */
export function FileTags({ tags, whole = false, className }: { tags: readonly string[]; whole?: boolean; className?: string }) {
  const { t } = useTranslation('files');
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t('tags')} className={clsx('flex min-w-0 flex-wrap gap-1', className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          title={whole ? undefined : tag}
          className={clsx('inline-flex max-w-full min-w-0 items-center gap-1 bg-slate-100 px-2 py-0.5 text-xs text-slate-600', whole ? 'rounded-xl' : 'rounded-full')}
        >
          <Tag aria-hidden="true" className="size-3 shrink-0 text-slate-400" />
          {whole ? (
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <BreakableName name={tag} />
            </span>
          ) : (
            <span className="truncate">{tag}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
