import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, FileArchive, FolderPlus, Pencil, Share2, Trash2 } from 'lucide-react';
import type { Folder } from '@vault/contract';
import type { ItemIds } from '../api/manage';
import { useFolder, useFolderOptions, useSubfolders } from '../api/folders';
import { FileDropZone } from '../components/browse/FileDropZone';
import { WithFolderTree } from '../components/browse/WithFolderTree';
import { CreateFolderCard } from '../components/folders/CreateFolderCard';
import { DeleteFolderDialog } from '../components/folders/DeleteFolderDialog';
import { EditFolderDialog } from '../components/folders/EditFolderDialog';
import { FolderBreadcrumb } from '../components/folders/FolderBreadcrumb';
import { FolderFiles } from '../components/folders/FolderFiles';
import { FolderGrid } from '../components/folders/FolderGrid';
import { FolderMoreActions } from '../components/folders/FolderMoreActions';
import { FolderNotFound } from '../components/folders/FolderNotFound';
import { FolderSummary } from '../components/folders/FolderSummary';
import { useFolderManagement } from '../components/manage/use-folder-management';
import { useMoveInto } from '../components/manage/use-move-into';
import { FolderSelectionProvider, useFolderSelection } from '../components/manage/folder-selection';
import { SubfoldersSection } from '../components/folders/SubfoldersSection';
import { UploadHereLink } from '../components/folders/UploadHereLink';
import { StarButton } from '../components/stars/StarButton';
import { folderShareTarget, ShareModal } from '../components/sharing/ShareModal';
import { DownloadZipButton, useZipDownload } from '../components/links/DownloadZipButton';
import { useShortcutAction } from '../components/layout/KeyboardShortcuts';
import { Button, buttonClasses } from '../components/ui/Button';
import { QueryState } from '../components/ui/QueryState';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRouteId } from '../lib/use-route-id';
import { useCurrentUser, useSession } from '../session-state/context';
import { PublicFolderPage } from './PublicFolderPage';

function BackToFolders({ className }: { className: string }) {
  const { t } = useTranslation('folders');
  return (
    <Link to="/folders" className={className}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('backToFolders')}
    </Link>
  );
}

/**
 * /folders/{id}: the folder page for signed-in users; anonymous visitors get
 * the read-only public view, or the same not-found page as for a folder that
 * does not exist.
 */
export function FolderDetailPage() {
  const id = useRouteId('folderId');
  const { status } = useSession();
  if (status !== 'authenticated') return <PublicFolderPage id={id} />;
  if (id === null) return <FolderNotFound action={<BackToFolders className={buttonClasses('secondary')} />} />;
  return <FolderView id={id} />;
}

function FolderView({ id }: { id: number }) {
  const { t } = useTranslation('folders');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const folder = useFolder(id);
  useDocumentTitle(folder.data?.name ?? t('documentTitle'));
  return (
    <QueryState query={folder} loading={t('loadingFolder')} failed={t('failedToLoadTheFolder')} notFound={<FolderNotFound action={<BackToFolders className={buttonClasses('secondary')} />} />}>
      {(data) => (
        <FolderContent folder={data} currentUserId={user.id} onDeleted={() => void navigate(data.parent_id ? `/folders/${data.parent_id}` : '/folders', { replace: true })} />
      )}
    </QueryState>
  );
}

function FolderContent({ folder, currentUserId, onDeleted }: { folder: Folder; currentUserId: number; onDeleted(): void }) {
  const { t } = useTranslation('folders');
  const isOwner = folder.user_id === currentUserId;
  const children = useSubfolders(folder.id);
  const parents = useFolderOptions();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Folder | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const [sharing, setSharing] = useState(false);
  const subfolders = children.data?.folders ?? [];
  const [barSlot, setBarSlot] = useState<HTMLElement | null>(null);
  const folderSelection = useFolderSelection(subfolders, barSlot);
  const cards = useFolderManagement({ onDelete: setDeleting });
  const moveInto = useMoveInto();
  const { t: tm } = useTranslation('manage');
  const navigate = useNavigate();
  const zip = useZipDownload({ folder_ids: [folder.id] });
  // The owner's u and n act here: upload into this folder, a new folder inside it.
  useShortcutAction('upload', () => void navigate(isOwner ? `/upload?folder_id=${folder.id}` : '/upload'));
  useShortcutAction('newFolder', () => (isOwner ? setCreating(true) : void navigate('/folders', { state: { newFolder: true } })));

  // An empty folder has nothing to download: its zip would hold nothing.
  const hasContent = folder.file_count + folder.subfolder_count > 0;
  const star = <StarButton target={{ kind: 'folder', id: folder.id }} starred={folder.starred} name={folder.name} />;
  const actions = isOwner ? (
    <>
      {star}
      <UploadHereLink folderId={folder.id} size="sm" />
      <Button variant="secondary" size="sm" onClick={() => setSharing(true)}>
        <Share2 aria-hidden="true" className="size-4" />
        {t('share')}
      </Button>
      <FolderMoreActions
        folderName={folder.name}
        actions={[
          { key: 'subfolder', label: t('newSubfolder'), icon: FolderPlus, onSelect: () => setCreating(true) },
          { key: 'edit', label: t('edit'), icon: Pencil, onSelect: () => setEditing(folder) },
          { key: 'delete', label: t('delete'), icon: Trash2, onSelect: () => setDeleting(folder), tone: 'danger' },
          ...(hasContent ? [{ key: 'zip', label: zip.label, icon: FileArchive, onSelect: () => void zip.start(), pending: zip.pending }] : []),
        ]}
      />
    </>
  ) : (
    <>
      {star}
      {hasContent && <DownloadZipButton selection={{ folder_ids: [folder.id] }} />}
    </>
  );

  return (
    <FileDropZone folder={folder} enabled={isOwner}>
      <WithFolderTree current={isOwner ? folder : null}>
        <FolderSelectionProvider value={isOwner ? folderSelection : null}>
          <BackToFolders className={buttonClasses('ghost', 'sm', '-ml-3 mb-3')} />
          <FolderBreadcrumb
            root={isOwner ? { label: t('foldersDocumentTitle'), to: '/folders' } : { label: t('sharingRoot'), to: '/sharing' }}
            path={folder.path}
            {...(isOwner ? { onDropItems: (folderId: number | null, name: string, items: ItemIds) => moveInto(folderId, folderId === null ? tm('move.root') : name, items) } : {})}
          />
          <FolderSummary folder={folder} showOwner={!isOwner} actions={actions} />
          {creating && <CreateFolderCard options={parents.data ?? []} parentId={folder.id} onClose={() => setCreating(false)} />}
          {(subfolders.length > 0 || isOwner) && (
            <SubfoldersSection count={folder.subfolder_count}>
              <QueryState query={children} loading={t('loadingSubfolders')} failed={t('failedToLoadTheSubfolders')}>
                {({ folders }) => (
                  <FolderGrid
                    label={t('subfoldersOf', { name: folder.name })}
                    folders={folders}
                    starrable
                    {...(isOwner ? { onEdit: setEditing, onDelete: setDeleting, menu: cards.menu, onDropItems: cards.dropInto } : {})}
                    empty={<p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{t('noSubfoldersYet')}</p>}
                  />
                )}
              </QueryState>
            </SubfoldersSection>
          )}
          <FolderFiles folder={folder} currentUserId={currentUserId} />
          {/* The bulk bar of the selected files and folders, in view at the foot of the page. */}
          <div ref={setBarSlot} className="sticky bottom-3 z-20" />
        </FolderSelectionProvider>
        <EditFolderDialog folder={editing} onClose={() => setEditing(null)} />
        {cards.dialogs}
        {sharing && (
          <ShareModal
            open
            onOpenChange={setSharing}
            target={folderShareTarget(folder)}
          />
        )}
        <DeleteFolderDialog folder={deleting} onClose={() => setDeleting(null)} {...(deleting?.id === folder.id ? { onDeleted } : {})} />
      </WithFolderTree>
    </FileDropZone>
  );
}
