import { useState } from 'react';
import { Link } from 'react-router';
import { Download, ExternalLink, Folder as FolderIcon, Share2 } from 'lucide-react';
import { LIMITS, type FileItem, type Folder } from '@vault/contract';
import { useFileDownload, useFileList } from '../api/files';
import { useFolderList } from '../api/folders';
import { useSharedWithMe } from '../api/sharing';
import { FileTypeIcon } from '../components/files/FileBits';
import { fileCountLabel } from '../components/folders/FolderCard';
import { CopyLinkButton } from '../components/sharing/CopyLinkButton';
import { ShareModal, type ShareTarget } from '../components/sharing/ShareModal';
import { SharingList, type SharingListItem } from '../components/sharing/SharingList';
import { Button, buttonClasses } from '../components/ui/Button';
import { PageHeader } from '../components/ui/PageHeader';
import { shareLink } from '../lib/clipboard';
import { formatDate, formatFileSize } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCurrentUser } from '../session/context';

const NAME_LINK = 'rounded-sm hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600';

function FolderTile() {
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-600 ring-1 ring-accent-600/15 ring-inset">
      <FolderIcon aria-hidden="true" className="size-4" />
    </span>
  );
}

function fileItem(file: FileItem, meta: string, action: SharingListItem['action']): SharingListItem {
  return {
    key: `file-${file.id}`,
    icon: <FileTypeIcon mime={file.mime_type} size="sm" />,
    name: (
      <Link to={`/files/${file.id}`} className={NAME_LINK}>
        {file.original_name}
      </Link>
    ),
    meta,
    action,
  };
}

function folderItem(folder: Folder, meta: string, action: SharingListItem['action']): SharingListItem {
  return {
    key: `folder-${folder.id}`,
    icon: <FolderTile />,
    name: (
      <Link to={`/folders/${folder.id}`} className={NAME_LINK}>
        {folder.name}
      </Link>
    ),
    meta,
    action,
  };
}

const fileMeta = (f: FileItem) => `${formatFileSize(f.file_size)} · ${formatDate(f.created_at)}`;
const folderMeta = (f: Folder) => `${fileCountLabel(f.file_count)} · ${formatFileSize(f.folder_size)}`;

/**
 * SPEC §2's sharing management: the caller's public and private files and
 * folders (1000 files at most, SPEC §7), with Copy Link for public items and
 * Share for private ones; and beyond the spec, what others shared by name.
 */
export function SharingPage() {
  useDocumentTitle('Sharing Management');
  const user = useCurrentUser();
  // The uploader filter keeps an admin's list to their own files, as for everyone else.
  const files = useFileList({ uploader: user.username, limit: LIMITS.sharingPageLimit });
  const folders = useFolderList({});
  const shared = useSharedWithMe();
  const { download, pendingId } = useFileDownload('account');
  const [target, setTarget] = useState<ShareTarget | null>(null);

  const ownFiles = files.data?.files;
  const ownFolders = folders.data?.folders;
  const shareButton = (t: ShareTarget) => (
    <Button variant="secondary" size="sm" onClick={() => setTarget(t)} aria-label={`Share ${t.name}`}>
      <Share2 aria-hidden="true" className="size-4" />
      Share
    </Button>
  );
  const copy = (kind: 'files' | 'folders', id: number, name: string) => <CopyLinkButton url={shareLink(kind, id)} label={name} />;
  const open = (to: string, name: string) => (
    <Link to={to} className={buttonClasses('ghost', 'sm')} aria-label={`Open ${name}`}>
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">Open</span>
    </Link>
  );

  const publicFiles = ownFiles?.filter((f) => f.is_public).map((f) => fileItem(f, fileMeta(f), copy('files', f.id, f.original_name)));
  const privateFiles = ownFiles
    ?.filter((f) => !f.is_public)
    .map((f) => fileItem(f, fileMeta(f), shareButton({ kind: 'file', id: f.id, name: f.original_name, size: f.file_size, isPublic: false })));
  const publicFolders = ownFolders?.filter((f) => f.is_public).map((f) => folderItem(f, folderMeta(f), copy('folders', f.id, f.name)));
  const privateFolders = ownFolders
    ?.filter((f) => !f.is_public)
    .map((f) => folderItem(f, folderMeta(f), shareButton({ kind: 'folder', id: f.id, name: f.name, size: f.folder_size, isPublic: false })));

  const sharedFiles = shared.data?.files.map((f) =>
    fileItem(
      f,
      `Shared by ${f.username} · ${formatFileSize(f.file_size)}`,
      <>
        {open(`/files/${f.id}`, f.original_name)}
        <Button variant="secondary" size="sm" onClick={() => void download(f)} loading={pendingId === f.id} aria-label={`Download ${f.original_name}`}>
          {pendingId !== f.id && <Download aria-hidden="true" className="size-4" />}
          <span className="max-sm:sr-only">Download</span>
        </Button>
      </>,
    ),
  );
  const sharedFolders = shared.data?.folders.map((f) => folderItem(f, `Shared by ${f.username} · ${folderMeta(f)}`, open(`/folders/${f.id}`, f.name)));

  return (
    <>
      <PageHeader title="Sharing Management" description="What anyone can open with a link, what stays private, and what others shared with you." />
      <div className="grid gap-6 lg:grid-cols-2">
        <SharingList title="Public Files" description="Anyone with the link can view and download." items={publicFiles} empty="No public files." />
        <SharingList title="Public Folders" description="Everything inside is public too." items={publicFolders} empty="No public folders." />
        <SharingList title="Private Files" description="Only you and the people you share with." items={privateFiles} empty="No private files." />
        <SharingList title="Private Folders" description="Share a folder to share everything in it." items={privateFolders} empty="No private folders." />
      </div>
      <section aria-labelledby="shared-with-me-title" className="mt-10">
        <h2 id="shared-with-me-title" className="text-xl font-semibold tracking-tight text-slate-900">
          Shared with me
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">Files and folders other people shared with you by name.</p>
        <div className="grid gap-6 lg:grid-cols-2">
          <SharingList title="Files shared with me" description="Open, preview or download them." items={sharedFiles} empty="Nobody has shared a file with you yet." />
          <SharingList title="Folders shared with me" description="Everything inside is yours to read." items={sharedFolders} empty="Nobody has shared a folder with you yet." />
        </div>
      </section>
      {target && (
        <ShareModal
          open
          onOpenChange={(next) => !next && setTarget(null)}
          target={target}
        />
      )}
    </>
  );
}
