import type { ReactNode } from 'react';
import type { Folder } from '@vault/contract';
import { FolderCard, type FolderCardProps } from './FolderCard';

export interface FolderGridProps extends Omit<FolderCardProps, 'folder' | 'to'> {
  folders: Folder[];
  /** The link of each card; /folders/{id} by default. */
  linkOf?: (folder: Folder) => string;
  label: string;
  empty?: ReactNode;
}

export function FolderGrid({ folders, linkOf, label, empty, ...cardProps }: FolderGridProps) {
  if (folders.length === 0) return <>{empty}</>;
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {folders.map((folder) => (
        <FolderCard key={folder.id} folder={folder} {...(linkOf ? { to: linkOf(folder) } : {})} {...cardProps} />
      ))}
    </ul>
  );
}
