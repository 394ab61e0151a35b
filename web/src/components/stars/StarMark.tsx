import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import clsx from 'clsx';

/** The filled star's colours, the same wherever a star shows. */
export const STAR_FILLED = 'fill-amber-400 text-amber-500';

/** The small filled star beside a starred item's name; nothing for others. */
export function StarMark({ starred, className }: { starred: boolean; className?: string }) {
  const { t } = useTranslation('stars');
  if (!starred) return null;
  return (
    <span className={clsx('inline-flex shrink-0', className)} title={t('starred')}>
      <Star aria-hidden="true" className={clsx('size-3.5', STAR_FILLED)} />
      <span className="sr-only">{t('starred')}</span>
    </span>
  );
}
