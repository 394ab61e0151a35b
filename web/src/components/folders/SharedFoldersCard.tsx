import { useTranslation } from 'react-i18next';
import { useSharedWithMe } from '../../api/sharing';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { QueryState } from '../ui/QueryState';
import { FolderGrid } from './FolderGrid';

/** "Shared with me" on the Folders page: the folders other users shared with the caller by name, read-only, with their owner. */
export function SharedFoldersCard() {
  const { t } = useTranslation('browse');
  const shared = useSharedWithMe();
  return (
    <Card aria-labelledby="shared-folders-title" className="mt-6">
      <CardHeader title={<span id="shared-folders-title">{t('shared.title')}</span>} description={t('shared.description')} />
      <CardContent className="py-5">
        <QueryState query={shared} loading={t('shared.loading')} failed={t('shared.failed')}>
          {({ folders }) => <FolderGrid label={t('shared.title')} folders={folders} showOwner starrable empty={<p className="text-sm text-slate-500">{t('shared.empty')}</p>} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
