import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import type { PublicFolderResponse } from '@vault/contract';
import { usePublicFolder } from '../api/folders';
import { FolderBreadcrumb } from '../components/folders/FolderBreadcrumb';
import { FolderGrid } from '../components/folders/FolderGrid';
import { FolderNotFound } from '../components/folders/FolderNotFound';
import { FolderSummary } from '../components/folders/FolderSummary';
import { SubfoldersSection } from '../components/folders/SubfoldersSection';
import { FileList } from '../components/files/FileList';
import { Card, CardHeader } from '../components/ui/Card';
import { buttonClasses } from '../components/ui/Button';
import { QueryState } from '../components/ui/QueryState';
import { plural } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';

const SIGN_IN = (
  <Link to="/login" className={buttonClasses('primary')}>
    <LogIn aria-hidden="true" className="size-4" />
    Sign in
  </Link>
);

/** A public folder, read-only, for visitors who are not signed in: subfolders to open, files to download. */
export function PublicFolderPage({ id }: { id: number | null }) {
  const view = usePublicFolder(id);
  useDocumentTitle(view.data?.folder.name ?? 'Folder');
  const notFound = <FolderNotFound action={SIGN_IN} />;
  if (id === null) return notFound;
  return (
    <QueryState query={view} loading="Loading folder..." failed="Failed to load the folder" notFound={notFound}>
      {(data) => <PublicFolderView {...data} />}
    </QueryState>
  );
}

function PublicFolderView({ folder, folders, files }: PublicFolderResponse) {
  return (
    <>
      <FolderBreadcrumb path={folder.path} />
      <FolderSummary folder={folder} showOwner />
      {folders.length > 0 && (
        <SubfoldersSection count={folders.length}>
          <FolderGrid label={`Subfolders of ${folder.name}`} folders={folders} />
        </SubfoldersSection>
      )}
      <Card aria-labelledby="folder-files-title">
        <CardHeader
          title={<span id="folder-files-title">Files in {folder.name}</span>}
          description={
            files.length < folder.file_count
              ? `Showing the first ${files.length} of ${folder.file_count} files, by name`
              : plural(folder.file_count, 'file')
          }
        />
        <FileList
          files={files}
          actions={['preview', 'download', 'copyLink']}
          access="public"
          showOwner={false}
          showFolder={false}
          label={`Files in ${folder.name}`}
          empty={{ title: 'No files here', description: folders.length > 0 ? 'Open a subfolder above to see its files.' : 'This folder is empty.' }}
        />
      </Card>
    </>
  );
}
