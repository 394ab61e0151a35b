import type { Folder } from '@vault/contract';
import { countNoun, plural } from '../../lib/format';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useDeleteFolder } from '../../api/folders';

/** What goes with the folder, when anything does: 'Its 3 files and 1 subfolder are deleted too.' */
function contentsOf(folder: Folder): string | null {
  const parts = [folder.file_count > 0 && plural(folder.file_count, 'file'), folder.subfolder_count > 0 && plural(folder.subfolder_count, 'subfolder')].filter(Boolean);
  return parts.length > 0 ? `Its ${parts.join(' and ')} ${countNoun(folder.file_count + folder.subfolder_count, 'is', 'are')} deleted too.` : null;
}

/** SPEC §5's confirmation; the folder goes with its subfolders and files. */
export function DeleteFolderDialog({ folder, onClose, onDeleted }: { folder: Folder | null; onClose(): void; onDeleted?: () => void }) {
  const remove = useDeleteFolder(() => {
    onClose();
    onDeleted?.();
  });
  return (
    <ConfirmDialog
      open={folder !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={folder ? `Delete “${folder.name}”?` : 'Delete folder'}
      message={
        <>
          Are you sure you want to delete this folder? This action cannot be undone.
          {folder && contentsOf(folder) && <span className="mt-2 block font-medium text-slate-700">{contentsOf(folder)}</span>}
        </>
      }
      confirmLabel="Delete Folder"
      tone="danger"
      pending={remove.isPending}
      onConfirm={() => folder && remove.mutate(folder.id)}
    />
  );
}
