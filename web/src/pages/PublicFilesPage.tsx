import { Download, Eye, Globe } from 'lucide-react';
import { LIMITS } from '@vault/contract';
import { usePublicFileList } from '../api/queries';
import { errorMessage } from '../api/client';
import { FileList } from '../components/files/FileList';
import { Pagination } from '../components/files/Pagination';
import { SearchFilterPanel } from '../components/files/SearchFilterPanel';
import { Alert } from '../components/ui/Alert';
import { Card, CardContent, CardHeader } from '../components/ui/Card';
import { PageHeader } from '../components/ui/PageHeader';
import { StatCard } from '../components/ui/StatCard';
import { sameCriteria } from '../lib/file-criteria';
import { useDocumentTitle } from '../lib/use-document-title';
import { useUrlCriteria } from '../lib/use-url-criteria';
import { useSession } from '../session/context';

/**
 * /public (SPEC §2): public files for anyone, signed in or not. Downloads and
 * previews go through the public routes; the list is read again after a
 * download, so its count moves.
 */
export function PublicFilesPage() {
  useDocumentTitle('Public Files');
  const { user } = useSession();
  const [{ folder_id: _ignored, ...criteria }, setCriteria] = useUrlCriteria();
  const page = criteria.page ?? 1;
  const list = usePublicFileList({ ...criteria, limit: LIMITS.pageSize });
  const files = list.data?.files;
  const loading = list.isPending;

  return (
    <div className="space-y-6">
      <PageHeader className="mb-2" title="Public Files" description="Files their owners chose to share with everyone. Preview and download them without an account." />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard label="Public Files" icon={Globe} value={list.data?.total ?? '—'} loading={loading} />
        <StatCard
          label="Total Downloads"
          icon={Download}
          tone="emerald"
          value={files?.reduce((sum, f) => sum + f.download_count, 0) ?? '—'}
          detail="Of the files on this page"
          loading={loading}
        />
        <StatCard label="Currently Viewing" icon={Eye} tone="sky" value={files?.length ?? '—'} detail="Files on this page" loading={loading} />
      </div>
      <Card>
        <CardHeader title="Browse Public Files" description={list.data ? `${list.data.total} ${list.data.total === 1 ? 'file' : 'files'} found` : 'Loading files...'} />
        <CardContent>
          <SearchFilterPanel
            value={criteria}
            onSearch={(next) => (sameCriteria(next, criteria) ? void list.refetch() : setCriteria(next))}
            loading={list.isFetching}
            hideFolderFilter
          />
        </CardContent>
        {list.isError && (
          <div className="px-5 pb-4">
            <Alert tone="error">{errorMessage(list.error, 'Files could not be loaded.')}</Alert>
          </div>
        )}
        <FileList
          files={files ?? []}
          currentUserId={user?.id ?? null}
          actions={['preview', 'download', 'copyLink']}
          access="public"
          showFolder={false}
          loading={loading}
          label="Public files"
          empty={{ title: 'No public files found', description: 'Nothing has been shared publicly yet, or nothing matches these filters.' }}
        />
        <Pagination
          className="border-t border-slate-100 px-5 py-3"
          page={page}
          pageSize={LIMITS.pageSize}
          total={list.data?.total ?? 0}
          onPageChange={(next) => setCriteria({ ...criteria, page: next })}
        />
      </Card>
    </div>
  );
}
