import { LIMITS, type Folder } from '@vault/contract';
import { useFileList } from '../../api/queries';
import { errorMessage } from '../../api/client';
import { sameCriteria } from '../../lib/file-criteria';
import { useUrlCriteria } from '../../lib/use-url-criteria';
import { FileList } from '../files/FileList';
import { Pagination } from '../files/Pagination';
import { SearchFilterPanel } from '../files/SearchFilterPanel';
import { Alert } from '../ui/Alert';
import { Card, CardContent, CardHeader } from '../ui/Card';

/**
 * 'Files in {folder}' (SPEC §2): the advanced search panel (text over name or
 * tags, type, min/max size in whole MB, uploader, dates, up to 10 tags) and
 * the folder's files with download, preview, and delete for their owner.
 */
export function FolderFiles({ folder, currentUserId }: { folder: Folder; currentUserId: number }) {
  const [criteria, setCriteria] = useUrlCriteria();
  const page = criteria.page ?? 1;
  const list = useFileList({ ...criteria, folder_id: folder.id, limit: LIMITS.pageSize });
  const total = list.data?.total;
  return (
    <Card aria-labelledby="folder-files-title">
      <CardHeader
        title={<span id="folder-files-title">Files in {folder.name}</span>}
        description={total === undefined ? 'Loading files...' : `${total} ${total === 1 ? 'file' : 'files'} found`}
      />
      <CardContent>
        <SearchFilterPanel
          value={criteria}
          onSearch={(next) => (sameCriteria(next, criteria) ? void list.refetch() : setCriteria(next))}
          loading={list.isFetching}
          variant="advanced"
          hideFolderFilter
          searchPlaceholder="Search by name, content or tags..."
        />
      </CardContent>
      {list.isError && (
        <div className="px-5 pb-4">
          <Alert tone="error">{errorMessage(list.error, 'Files could not be loaded.')}</Alert>
        </div>
      )}
      <FileList
        files={list.data?.files ?? []}
        currentUserId={currentUserId}
        actions={['preview', 'download', 'copyLink', 'share', 'delete']}
        showFolder={false}
        loading={list.isPending}
        label={`Files in ${folder.name}`}
        empty={{ title: 'No files found', description: 'This folder has no files matching these criteria.' }}
      />
      <Pagination
        className="border-t border-slate-100 px-5 py-3"
        page={page}
        pageSize={LIMITS.pageSize}
        total={total ?? 0}
        onPageChange={(next) => setCriteria({ ...criteria, page: next })}
      />
    </Card>
  );
}
