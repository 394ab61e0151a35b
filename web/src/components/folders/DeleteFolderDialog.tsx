import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Folder } from '@vault/contract';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useAllFolders, useDeleteFolder } from '../../api/folders';
import { useTrashDays } from '../../api/trash';
import { subtreeContents } from '../../lib/folder-paths';
import { formatFileSize } from '../../lib/format';

/** What goes with the folder for good, when anything does: 'Its 3 files and 1 subfolder are deleted too.' */
function contentsOf(folder: Folder, t: TFunction<'folders'>): string | null {
  const files = folder.file_count;
  const subfolders = folder.subfolder_count;
  if (files > 0 && subfolders > 0) {
    return t('deleteContents.both', { files: t('count.files', { count: files }), subfolders: t('count.subfolders', { count: subfolders }) });
  }
  if (files > 0) return t('deleteContents.files', { count: files });
  if (subfolders > 0) return t('deleteContents.subfolders', { count: subfolders });
  return null;
}

/**
 * Where the folder goes with Trash on: 'It goes to Trash with 4 files, 2
 * subfolders (1.5 MB) and stays there for 30 days.', counting everything below
 * it once the owner's folders are known.
 */
function toTrashOf(folder: Folder, all: Folder[] | undefined, days: number, t: TFunction<'folders'>): string {
  if (!all) return t('deleteToTrash.plain', { count: days });
  const inside = subtreeContents(folder, all);
  if (inside.files + inside.folders === 0) return t('deleteToTrash.plain', { count: days });
  return t('deleteToTrash.contents', {
    count: days,
    files: t('count.files', { count: inside.files }),
    subfolders: t('count.subfolders', { count: inside.folders }),
    size: formatFileSize(inside.bytes),
  });
}

const everyFolder = (folders: Folder[]) => folders;

/**
 * Asks before deleting a folder; the folder goes with its subfolders and
 * files, to Trash (and Undo on the toast) or, with Trash off, for good.
 */
export function DeleteFolderDialog({ folder, onClose, onDeleted }: { folder: Folder | null; onClose(): void; onDeleted?: () => void }) {
  const { t } = useTranslation('folders');
  const days = useTrashDays() ?? 0;
  const all = useAllFolders(everyFolder, days > 0 && folder !== null).data;
  const contents = folder && (days > 0 ? toTrashOf(folder, all, days, t) : contentsOf(folder, t));
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
      title={folder ? t('deleteTitle', { name: folder.name }) : t('deleteFolderTitle')}
      message={
        <>
          {days > 0 ? t('confirmDeleteToTrash') : t('confirmDelete')}
          {contents && <span className="mt-2 block font-medium text-slate-700">{contents}</span>}
        </>
      }
      confirmLabel={t('deleteFolder')}
      tone="danger"
      pending={remove.isPending}
      onConfirm={() => folder && remove.mutate(folder)}
    />
  );
}
