import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Folder } from '@vault/contract';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useDeleteFolder } from '../../api/folders';

/** What goes with the folder, when anything does: 'Its 3 files and 1 subfolder are deleted too.' */
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

/** Asks before deleting a folder; the folder goes with its subfolders and files. */
export function DeleteFolderDialog({ folder, onClose, onDeleted }: { folder: Folder | null; onClose(): void; onDeleted?: () => void }) {
  const { t } = useTranslation('folders');
  const contents = folder && contentsOf(folder, t);
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
          {t('confirmDelete')}
          {contents && <span className="mt-2 block font-medium text-slate-700">{contents}</span>}
        </>
      }
      confirmLabel={t('deleteFolder')}
      tone="danger"
      pending={remove.isPending}
      onConfirm={() => folder && remove.mutate(folder.id)}
    />
  );
}
