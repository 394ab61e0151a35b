import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { LIMITS, type FolderSearchCriteria } from '@vault/contract';
import { useFileList } from '../api/files';
import { useFolderList } from '../api/folders';
import { WithFolderTree } from '../components/browse/WithFolderTree';
import { FileSearchSection, filesFound } from '../components/files/FileSearchSection';
import { FolderGrid } from '../components/folders/FolderGrid';
import { Badge } from '../components/ui/Badge';
import { Card, CardContent, CardHeader } from '../components/ui/Card';
import { PageHeader } from '../components/ui/PageHeader';
import { QueryState } from '../components/ui/QueryState';
import { useCriteriaInUrl } from '../lib/file-search/use-criteria-in-url';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCurrentUser } from '../session-state/context';

const STARRED_FOLDERS: FolderSearchCriteria = { starred: true, sort_by: 'name', sort_order: 'asc' };

/**
 * /starred: what the user starred and may still read, theirs and others':
 * the folders as cards (shown once there is one), then the files as the
 * usual list with its search, sorting and pages.
 */
export function StarredPage() {
  const { t } = useTranslation('stars');
  useDocumentTitle(t('documentTitle'));
  const user = useCurrentUser();
  const [criteria, setCriteria] = useCriteriaInUrl();
  const files = useFileList({ ...criteria, limit: LIMITS.pageSize, starred: true });
  const folders = useFolderList(STARRED_FOLDERS);
  const folderCount = folders.data?.total ?? 0;
  return (
    <WithFolderTree current={null}>
      <PageHeader title={t('title')} description={t('description')} />
      {(folderCount > 0 || folders.isError) && (
        <Card aria-labelledby="starred-folders-title" className="mb-6">
          <CardHeader
            title={
              <span id="starred-folders-title" className="flex items-center gap-2">
                {t('folders')} <Badge tone="accent">{folderCount}</Badge>
              </span>
            }
          />
          <CardContent className="py-5">
            <QueryState query={folders} loading={t('loadingFolders')} failed={t('failedToLoadFolders')}>
              {(data) => <FolderGrid label={t('folders')} folders={data.folders} showLocation showOwner={(folder) => folder.user_id !== user.id} starrable />}
            </QueryState>
          </CardContent>
        </Card>
      )}
      <Card aria-labelledby="starred-files-title">
        <CardHeader title={<span id="starred-files-title">{t('files')}</span>} description={filesFound(files)} />
        <FileSearchSection
          criteria={criteria}
          onCriteriaChange={setCriteria}
          list={files}
          files={{
            currentUserId: user.id,
            manage: true,
            label: t('filesLabel'),
            empty: { title: t('empty.title'), description: t('empty.hint'), icon: Star },
          }}
        />
      </Card>
    </WithFolderTree>
  );
}
