import { useTranslation } from 'react-i18next';
import type { PublicFolderResponse } from '@vault/contract';
import { usePublicFolder } from '../api/folders';
import { SignInButton } from '../components/auth/SignInButton';
import { FolderBreadcrumb } from '../components/folders/FolderBreadcrumb';
import { FolderGrid } from '../components/folders/FolderGrid';
import { FolderNotFound } from '../components/folders/FolderNotFound';
import { FolderSummary } from '../components/folders/FolderSummary';
import { SubfoldersSection } from '../components/folders/SubfoldersSection';
import { FileList } from '../components/files/FileList';
import { Card, CardHeader } from '../components/ui/Card';
import { QueryState } from '../components/ui/QueryState';
import { useDocumentTitle } from '../lib/use-document-title';

/** A public folder, read-only, for visitors who are not signed in: subfolders to open, files to download. */
export function PublicFolderPage({ id }: { id: number | null }) {
  const { t } = useTranslation('folders');
  const view = usePublicFolder(id);
  useDocumentTitle(view.data?.folder.name ?? t('documentTitle'));
  const notFound = <FolderNotFound action={<SignInButton />} />;
  if (id === null) return notFound;
  return (
    <QueryState query={view} loading={t('loadingFolder')} failed={t('failedToLoadTheFolder')} notFound={notFound}>
      {(data) => <PublicFolderView {...data} />}
    </QueryState>
  );
}

function PublicFolderView({ folder, folders, files }: PublicFolderResponse) {
  const { t } = useTranslation('folders');
  return (
    <>
      <FolderBreadcrumb path={folder.path} />
      <FolderSummary folder={folder} showOwner />
      {folders.length > 0 && (
        <SubfoldersSection count={folders.length}>
          <FolderGrid label={t('subfoldersOf', { name: folder.name })} folders={folders} />
        </SubfoldersSection>
      )}
      <Card aria-labelledby="folder-files-title">
        <CardHeader
          title={<span id="folder-files-title">{t('filesIn', { name: folder.name })}</span>}
          description={
            files.length < folder.file_count
              ? t('showingFirst', { shown: files.length, count: folder.file_count })
              : t('count.files', { count: folder.file_count })
          }
        />
        <FileList
          files={files}
          actions={['preview', 'download', 'copyLink']}
          access="public"
          showOwner={false}
          showFolder={false}
          label={t('filesIn', { name: folder.name })}
          empty={{ title: t('noFilesHere'), description: folders.length > 0 ? t('openSubfolder') : t('folderEmpty') }}
        />
      </Card>
    </>
  );
}
