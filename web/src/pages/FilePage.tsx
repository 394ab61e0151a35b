import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Download, FileQuestion, FolderClosed, Share2, Trash2 } from 'lucide-react';
import { isPreviewable, readableByAnyone, type FileItem } from '@vault/contract';
import { useFileDetail, useFileDownload, type FileAccess } from '../api/files';
import { SignInButton } from '../components/auth/SignInButton';
import { BreakableName } from '../components/ui/BreakableName';
import { DeleteFileDialog } from '../components/files/DeleteFileDialog';
import { FileBadges } from '../components/files/FileBadges';
import { FileFacts } from '../components/files/FileFacts';
import { FilePreview } from '../components/files/FilePreview';
import { FileTags } from '../components/files/FileTags';
import { FileTypeIcon } from '../components/file-summary/FileTypeIcon';
import { usePreviewUrl } from '../components/files/use-preview-url';
import { CopyLinkButton } from '../components/sharing/CopyLinkButton';
import { StarButton } from '../components/stars/StarButton';
import { fileShareTarget, ShareModal } from '../components/sharing/ShareModal';
import { Button, buttonClasses } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { FileVersionsCard } from '../components/versions/FileVersionsCard';
import { EmptyState } from '../components/ui/EmptyState';
import { QueryState } from '../components/ui/QueryState';
import { shareLink } from '../lib/clipboard';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRouteId } from '../lib/use-route-id';
import { useSession } from '../session-state/context';

function FileNotFound({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('files');
  return (
    <EmptyState
      icon={FileQuestion}
      title={t('fileNotFound')}
      description={t('theFileYouReLooking')}
      className="py-20"
      action={
        signedIn ? (
          <Link to="/dashboard" className={buttonClasses('primary')}>
            {t('goToTheDashboard')}
          </Link>
        ) : (
          <SignInButton />
        )
      }
    />
  );
}

/**
 * {origin}/files/{id}: a public file for anyone, and any file a signed-in
 * user may read. Anything else is the same not-found page, revealing nothing.
 */
export function FilePage() {
  const { t } = useTranslation('files');
  const { status, user } = useSession();
  const id = useRouteId('fileId');
  const access: FileAccess = status === 'authenticated' ? 'account' : 'public';
  const file = useFileDetail(id, access);
  useDocumentTitle(file.data?.original_name ?? t('documentTitle'));
  const notFound = <FileNotFound signedIn={access === 'account'} />;
  if (id === null) return notFound;
  return (
    <QueryState query={file} loading={t('loadingFile')} failed={t('failedToLoadTheFile')} notFound={notFound}>
      {(data) => <FileView file={data} access={access} isOwner={user?.id === data.user_id} />}
    </QueryState>
  );
}

function FileView({ file, access, isOwner }: { file: FileItem; access: FileAccess; isOwner: boolean }) {
  const { t } = useTranslation('files');
  const { download, pendingId } = useFileDownload(access);
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const preview = usePreviewUrl(isPreviewable(file.mime_type) ? file : null, access);
  const folderLink = isOwner && file.folder_id !== null;

  return (
    <>
      {/* The actions sit in one place whatever the name's length: under it below 1024 px, beside it from there. */}
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <FileTypeIcon mime={file.mime_type} />
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
              <BreakableName name={file.original_name} />
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <FileBadges file={file} />
              {file.folder_name && (
                <span className="inline-flex items-center gap-1 text-sm text-slate-600">
                  <FolderClosed aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  {folderLink ? (
                    <Link to={`/folders/${file.folder_id}`} className="hover:text-accent-700 hover:underline">
                      {file.folder_name}
                    </Link>
                  ) : (
                    file.folder_name
                  )}
                </span>
              )}
            </div>
            <FileTags tags={file.tags} whole className="mt-2" />
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {access === 'account' && <StarButton target={{ kind: 'file', id: file.id }} starred={file.starred} name={file.original_name} />}
          {readableByAnyone(file.visibility) && <CopyLinkButton url={shareLink('files', file.id)} label={file.original_name} />}
          {isOwner && (
            <Button variant="secondary" size="sm" onClick={() => setSharing(true)}>
              <Share2 aria-hidden="true" className="size-4" />
              {t('share')}
            </Button>
          )}
          {isOwner && access === 'account' && (
            <Button variant="secondary" size="sm" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('delete')}
            </Button>
          )}
          <Button size="sm" onClick={() => void download(file)} loading={pendingId === file.id}>
            {pendingId !== file.id && <Download aria-hidden="true" className="size-4" />}
            {t('action.download')}
          </Button>
        </div>
      </header>
      <FileFacts file={file} className="mb-6 bg-surface" />
      <Card aria-label={t('preview')} className="overflow-hidden">
        <FilePreview file={file} preview={preview} />
      </Card>
      {isOwner && access === 'account' && <FileVersionsCard fileId={file.id} />}
      {/* A deleted file's page has nothing left to show: back to its folder, or the dashboard. */}
      <DeleteFileDialog
        file={deleting ? file : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(file.folder_id === null ? '/dashboard' : `/folders/${file.folder_id}`)}
      />
      {sharing && (
        <ShareModal
          open
          onOpenChange={setSharing}
          target={fileShareTarget(file)}
        />
      )}
    </>
  );
}
