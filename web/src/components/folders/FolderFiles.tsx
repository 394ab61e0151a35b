import { useTranslation } from 'react-i18next';
import { LIMITS, type Folder } from '@vault/contract';
import { useFileList } from '../../api/files';
import { useCriteriaInUrl } from '../../lib/file-search/use-criteria-in-url';
import { FileSearchSection, filesFound } from '../files/FileSearchSection';
import { Card, CardHeader } from '../ui/Card';
import { UploadHereLink } from './UploadHereLink';

/**
 * 'Files in {folder}': the advanced search panel (text over name or
 * tags, type, min/max size in whole MB, uploader, dates, up to 10 tags) and
 * the folder's files with download, preview, and delete for their owner.
 * Empty, it offers its owner to upload into it.
 */
export function FolderFiles({ folder, currentUserId }: { folder: Folder; currentUserId: number }) {
  const { t } = useTranslation('folders');
  const [criteria, setCriteria] = useCriteriaInUrl();
  const list = useFileList({ ...criteria, folder_id: folder.id, limit: LIMITS.pageSize });
  return (
    <Card aria-labelledby="folder-files-title">
      <CardHeader
        title={<span id="folder-files-title">{t('filesIn', { name: folder.name })}</span>}
        description={filesFound(list)}
      />
      <FileSearchSection
        criteria={criteria}
        onCriteriaChange={setCriteria}
        list={list}
        panel={{ variant: 'advanced', hideFolderFilter: true }}
        files={{
          currentUserId,
          showFolder: false,
          manage: true,
          label: t('filesIn', { name: folder.name }),
          // Only the owner may put files in; others are told it is empty.
          empty:
            folder.user_id === currentUserId
              ? {
                  title: t('emptyFolder.title'),
                  description: t('emptyFolder.description'),
                  action: <UploadHereLink folderId={folder.id} />,
                }
              : { title: t('emptyFolder.title') },
        }}
      />
    </Card>
  );
}
