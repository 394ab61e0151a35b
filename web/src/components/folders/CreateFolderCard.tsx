import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { FolderPlus } from 'lucide-react';
import { useCreateFolder } from '../../api/folders';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader } from '../ui/Card';
import { FolderFields, toFolderBody, type FolderFormValues } from './FolderFields';
import type { FolderOption } from '../../lib/folder-paths';

export interface CreateFolderCardProps {
  options: FolderOption[];
  /** Preselects a parent, e.g. when creating a subfolder from a folder's page. */
  parentId?: number;
  onClose(): void;
}

/** The create-folder card: name, optional parent, 'make public', Create Folder / Cancel. */
export function CreateFolderCard({ options, parentId, onClose }: CreateFolderCardProps) {
  const { t } = useTranslation('folders');
  const form = useForm<FolderFormValues>({ defaultValues: { name: '', parent_id: parentId ? String(parentId) : '', is_public: false } });
  const create = useCreateFolder(onClose);
  const onSubmit = form.handleSubmit((values) => create.mutate(toFolderBody(values)));
  return (
    <Card className="mb-6" aria-labelledby="create-folder-title">
      <CardHeader title={<span id="create-folder-title">{t('createNewFolder')}</span>} description={t('groupRelatedFilesFoldersCan')} />
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FolderFields form={form} options={options} autoFocus />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {!create.isPending && <FolderPlus aria-hidden="true" className="size-4" />}
              {t('createFolder')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
