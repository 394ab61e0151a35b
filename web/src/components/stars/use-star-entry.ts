import { useTranslation } from 'react-i18next';
import { Star, StarOff } from 'lucide-react';
import { useSetStar, type StarTarget } from '../../api/stars';
import type { MenuEntry } from '../manage/ItemMenu';

/** The "Add to Starred" / "Remove from Starred" entry of an item's menu. */
export function useStarEntry(): (target: StarTarget, starred: boolean) => MenuEntry {
  const { t } = useTranslation('stars');
  const setStar = useSetStar();
  return (target, starred) => ({
    key: 'star',
    label: starred ? t('remove') : t('add'),
    icon: starred ? StarOff : Star,
    onSelect: () => setStar.mutate({ target, starred: !starred }),
  });
}
