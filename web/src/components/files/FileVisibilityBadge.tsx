import { useTranslation } from 'react-i18next';
import { FolderOpen, Globe, Users } from 'lucide-react';
import type { EffectiveVisibility } from '@vault/contract';
import { Badge } from '../ui/Badge';

/**
 * Who besides the owner may read a file, all things considered: public itself,
 * public through a folder, or shared by name (the names for the owner). A short
 * badge; the whole sentence is its tooltip and what a screen reader reads.
 * Private files show none.
 */
export function FileVisibilityBadge({ visibility }: { visibility: EffectiveVisibility }) {
  const { t } = useTranslation('files');
  if (visibility.kind === 'private') return null;
  const { tone, icon: Icon, short, sentence } =
    visibility.kind === 'public'
      ? { tone: 'success' as const, icon: Globe, short: t('public'), sentence: t('visibility.public') }
      : visibility.kind === 'public_folder'
        ? { tone: 'success' as const, icon: FolderOpen, short: t('public'), sentence: t('visibility.publicFolder', { folder: visibility.folder_name }) }
        : visibility.users === null
          ? { tone: 'accent' as const, icon: Users, short: t('visibility.sharedShort'), sentence: t('visibility.sharedByName') }
          : {
              tone: 'accent' as const,
              icon: Users,
              short: t('visibility.sharedCount', { count: visibility.users.length }),
              sentence: t('visibility.sharedWith', { count: visibility.users.length, names: visibility.users.join(', ') }),
            };
  return (
    <Badge tone={tone} title={sentence}>
      <Icon aria-hidden="true" className="size-3" />
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{sentence}</span>
    </Badge>
  );
}
