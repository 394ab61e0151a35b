import { useTranslation } from 'react-i18next';
import { LIMITS, type Folder } from '@vault/contract';
import { useFileList } from '../../api/files';
import { useCriteriaInUrl } from '../../lib/file-search/use-criteria-in-url';
import { FileSearchSection, filesFound } from '../files/FileSearchSection';
import { Card, CardHeader } from '../ui/Card';

/**
 * 'Files in {folder}': the advanced search panel (text over name or
 * tags, type, min/max size in whole MB, uploader, dates, up to 10 tags) and
 * the folder's files with download, preview, and delete for their owner.
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
          empty: { title: t('noFilesFound'), description: t('noFilesMatching') },
        }}
      />
    </Card>
  );
}
