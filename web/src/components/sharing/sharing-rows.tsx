import { Link } from 'react-router';
import { Folder as FolderIcon } from 'lucide-react';
import type { FileItem, Folder } from '@vault/contract';
import { folderContents } from '../../lib/folder-contents';
import { FileTypeIcon } from '../file-summary/FileTypeIcon';
import type { SharingListItem } from './SharingList';

const NAME_LINK = 'rounded-sm hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600';

function FolderTile() {
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700 ring-1 ring-accent-600/15 ring-inset">
      <FolderIcon aria-hidden="true" className="size-4" />
    </span>
  );
}

/** '3 files, 1 folder · 2 MB in all' */
export const folderMeta = (f: Folder) => folderContents(f);

/** A file's row in a sharing list: its icon, its name linking to its page, a line of facts and the actions. */
export function fileRow(file: FileItem, meta: SharingListItem['meta'], action: SharingListItem['action']): SharingListItem {
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

export function folderRow(folder: Folder, meta: SharingListItem['meta'], action: SharingListItem['action']): SharingListItem {
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
