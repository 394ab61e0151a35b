import { useTranslation } from 'react-i18next';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Folder, FolderUpdate } from '@vault/contract';
import { useFolderOptions, useUpdateFolder } from '../../api/folders';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FolderFields, toFolderBody, type FolderFormValues } from './FolderFields';

function valuesOf(folder: Folder): FolderFormValues {
  return { name: folder.name, parent_id: folder.parent_id === null ? '' : String(folder.parent_id), is_public: folder.is_public };
}

/** Only what changed is sent: visibility is recorded in the audit log, a rename is not a share. */
function changesOf(folder: Folder, values: FolderFormValues): FolderUpdate {
  const next = toFolderBody(values);
  return {
    ...(next.name !== folder.name ? { name: next.name } : {}),
    ...(next.parent_id !== folder.parent_id ? { parent_id: next.parent_id } : {}),
    ...(next.is_public !== folder.is_public ? { is_public: next.is_public } : {}),
  };
}

export interface EditFolderDialogProps {
  /** The folder being edited; null keeps the dialog closed. */
  folder: Folder | null;
  onClose(): void;
}

export function EditFolderDialog({ folder, onClose }: EditFolderDialogProps) {
  const { t } = useTranslation('folders');
  // Possible parents: not the folder itself, nor anything under it.
  const options = useFolderOptions(folder?.id);
  const form = useForm<FolderFormValues>({ defaultValues: { name: '', parent_id: '', is_public: false } });
  const update = useUpdateFolder(onClose);
  const formId = useId();
  const { reset } = form;
  useEffect(() => {
    if (folder) reset(valuesOf(folder));
  }, [folder, reset]);

  const onSubmit = form.handleSubmit((values) => {
    if (!folder) return;
    const change = changesOf(folder, values);
    if (Object.keys(change).length === 0) return onClose();
    update.mutate({ id: folder.id, change });
  });

  return (
    <Dialog
      open={folder !== null}
      onOpenChange={(open) => {
        if (!open && !update.isPending) onClose();
      }}
      title={t('editFolder')}
      description={folder ? t('editDescription', { name: folder.name }) : undefined}
      hideClose={update.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={update.isPending}>
            {t('saveChanges')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-4">
        <FolderFields form={form} options={options.data ?? []} />
      </form>
    </Dialog>
  );
}
