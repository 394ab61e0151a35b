import { useTranslation } from 'react-i18next';
import { Globe, Lock } from 'lucide-react';
import { Badge } from './Badge';

/** Public or Private, for a file or a folder. */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const { t } = useTranslation('common');
  return isPublic ? (
    <Badge tone="success">
      <Globe aria-hidden="true" className="size-3" />
      {t('public')}
    </Badge>
  ) : (
    <Badge>
      <Lock aria-hidden="true" className="size-3" />
      {t('private')}
    </Badge>
  );
}
