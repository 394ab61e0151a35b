import { Link } from 'react-router';
import { LogIn } from 'lucide-react';
import { errorMessage } from '../api/client';
import { usePublicFolder } from '../api/folders';
import { isNotFound } from '../api/not-found';
import { FolderBreadcrumb } from '../components/folders/FolderBreadcrumb';
import { FolderGrid } from '../components/folders/FolderGrid';
import { FolderNotFound } from '../components/folders/FolderNotFound';
import { FolderSummary } from '../components/folders/FolderSummary';
import { FileList } from '../components/files/FileList';
import { Alert } from '../components/ui/Alert';
import { Card, CardHeader } from '../components/ui/Card';
import { buttonClasses } from '../components/ui/Button';
import { LoadingState } from '../components/ui/LoadingState';
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
  if (id === null || (view.isError && isNotFound(view.error))) return <FolderNotFound action={SIGN_IN} />;
  if (view.isPending) return <LoadingState label="Loading folder..." />;
  if (view.isError) return <Alert tone="error">{errorMessage(view.error, 'Failed to load the folder')}</Alert>;
  const { folder, folders, files } = view.data;
  return (
    <>
      <FolderBreadcrumb path={folder.path} />
      <FolderSummary folder={folder} showOwner />
      {folders.length > 0 && (
        <section aria-labelledby="subfolders-title" className="mb-8">
          <h2 id="subfolders-title" className="mb-3 text-base font-semibold text-slate-900">
            Subfolders <span className="font-normal text-slate-500">({folders.length})</span>
          </h2>
          <FolderGrid label={`Subfolders of ${folder.name}`} folders={folders} />
        </section>
      )}
      <Card aria-labelledby="folder-files-title">
        <CardHeader
          title={<span id="folder-files-title">Files in {folder.name}</span>}
          description={
            files.length < folder.file_count
              ? `Showing the first ${files.length} of ${folder.file_count} files, by name`
              : `${folder.file_count} ${folder.file_count === 1 ? 'file' : 'files'}`
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
