import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { useSetStar, type StarTarget } from '../../api/stars';
import { IconButton } from '../ui/IconButton';
import { STAR_FILLED } from './StarMark';

/** A page header's star: pressed while the item is starred; the tooltip says what a click does. */
export function StarButton({ target, starred, name }: { target: StarTarget; starred: boolean; name: string }) {
  const { t } = useTranslation('stars');
  const setStar = useSetStar();
  const action = starred ? t('remove') : t('add');
  return (
    <IconButton
      icon={Star}
      iconClassName={starred ? STAR_FILLED : undefined}
      label={t('toggleLabel', { name })}
      tooltip={action}
      aria-pressed={starred}
      disabled={setStar.isPending}
      className="size-8! border border-slate-300 bg-surface shadow-sm"
      onClick={() => setStar.mutate({ target, starred: !starred })}
    />
  );
}
