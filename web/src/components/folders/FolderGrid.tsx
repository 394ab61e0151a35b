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
    // Columns follow the room the grid has (beside the folder tree it has less than the window).
    <div className="@container">
      <ul aria-label={label} className="grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-3 @5xl:grid-cols-4">
        {folders.map((folder) => (
          <FolderCard key={folder.id} folder={folder} {...(linkOf ? { to: linkOf(folder) } : {})} {...cardProps} />
        ))}
      </ul>
    </div>
  );
}
