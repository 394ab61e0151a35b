import { useTranslation } from 'react-i18next';
import type { FileItem } from '@vault/contract';
import { useDeleteFile } from '../../api/files';
import { useTrashDays } from '../../api/trash';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * Asks before deleting one of the owner's files: with Trash on it says how
 * long the file stays there (the toast then offers Undo); with Trash off it
 * asks as it always did. `onDeleted` runs before the lists refresh.
 */
export function DeleteFileDialog({ file, onClose, onDeleted }: { file: FileItem | null; onClose(): void; onDeleted?: () => void }) {
  const { t } = useTranslation('files');
  const trashDays = useTrashDays() ?? 0;
  const deletion = useDeleteFile(onDeleted);
  return (
    <ConfirmDialog
      open={file !== null}
      onOpenChange={(open) => !open && onClose()}
      title={file ? t('list.deleteTitle', { name: file.original_name }) : t('list.deleteFile')}
      message={
        <>
          {t('areYouSureYouWant')}
          {trashDays > 0 && <span className="mt-2 block">{t('staysInTrash', { count: trashDays })}</span>}
        </>
      }
      confirmLabel={t('delete')}
      tone="danger"
      pending={deletion.isPending}
      onConfirm={() => file && deletion.mutate(file, { onSettled: onClose })}
    />
  );
}
