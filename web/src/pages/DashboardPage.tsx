import { useEffect } from 'react';
import { Link } from 'react-router';
import { Upload } from 'lucide-react';
import { LIMITS } from '@vault/contract';
import { useFileList, useFolderOptions, useStorageStats, useUserStats } from '../api/queries';
import { errorMessage } from '../api/client';
import { useCurrentUser } from '../session/context';
import { StorageAnalyticsCard } from '../components/dashboard/StorageAnalyticsCard';
import { SummaryCards } from '../components/dashboard/SummaryCards';
import { FileList } from '../components/files/FileList';
import { Pagination } from '../components/files/Pagination';
import { SearchFilterPanel } from '../components/files/SearchFilterPanel';
import { Alert } from '../components/ui/Alert';
import { Badge } from '../components/ui/Badge';
import { buttonClasses } from '../components/ui/Button';
import { Card, CardContent, CardHeader } from '../components/ui/Card';
import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';
import { sameCriteria } from '../lib/file-criteria';
import { useUrlCriteria } from '../lib/use-url-criteria';

const SUBTITLE = {
  admin: 'Administrative dashboard - View and manage all files across the system',
  user: 'Manage your files and storage with advanced deduplication',
} as const;

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const [criteria, setCriteria] = useUrlCriteria();
  const page = criteria.page ?? 1;
  const list = useFileList({ ...criteria, limit: LIMITS.pageSize });
  const userStats = useUserStats();
  const storage = useStorageStats();
  const folders = useFolderOptions();
  const total = list.data?.total;

  // A page emptied by deletions (or an old link) falls back to the last page that has files.
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / LIMITS.pageSize));
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && list.data.files.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setCriteria({ ...criteria, page: lastPage });
  }, [pastTheEnd, criteria, lastPage, setCriteria]);

  return (
    <div className="space-y-6">
      <PageHeader
        className="mb-2"
        title={`Welcome back, ${user.username}`}
        titleAddon={user.is_admin && <Badge tone="accent">ADMIN</Badge>}
        description={user.is_admin ? SUBTITLE.admin : SUBTITLE.user}
      />
      <SummaryCards stats={userStats.data} statsLoading={userStats.isPending} filesFound={total} />
      <StorageAnalyticsCard
        storage={storage.data}
        user={userStats.data}
        systemWide={user.is_admin}
        loading={storage.isPending}
        failed={storage.isError}
      />
      <Card>
        <CardHeader
          title="Your Files"
          description={total === undefined ? 'Loading files...' : `${total} ${total === 1 ? 'file' : 'files'} found`}
          actions={
            <Link to="/upload" className={buttonClasses('primary', 'sm')}>
              <Upload aria-hidden="true" className="size-4" />
              Upload
            </Link>
          }
        />
        <CardContent>
          <SearchFilterPanel
            value={criteria}
            onSearch={(next) => (sameCriteria(next, criteria) ? void list.refetch() : setCriteria(next))}
            loading={list.isFetching}
            folders={folders.data}
          />
        </CardContent>
        {list.isError && (
          <div className="px-5 pb-4">
            <Alert tone="error">{errorMessage(list.error, 'Files could not be loaded.')}</Alert>
          </div>
        )}
        <FileList files={list.data?.files ?? []} currentUserId={user.id} loading={list.isPending} label="Your files" />
        <Pagination
          className="border-t border-slate-100 px-5 py-3"
          page={page}
          pageSize={LIMITS.pageSize}
          total={total ?? 0}
          onPageChange={(next) => setCriteria({ ...criteria, page: next })}
        />
      </Card>
    </div>
  );
}
