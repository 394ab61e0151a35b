import type { ReactNode } from 'react';
import { FolderX } from 'lucide-react';
import { EmptyState } from '../ui/EmptyState';

/** SPEC §2's not-found state: the same for a missing folder and one the visitor may not read. */
export function FolderNotFound({ action }: { action?: ReactNode }) {
  return (
    <EmptyState
      icon={FolderX}
      title="Folder not found"
      description="The folder you're looking for doesn't exist or you don't have permission to access it."
      action={action}
      className="py-20"
    />
  );
}
