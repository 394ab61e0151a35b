import { Download, Eye, Globe } from 'lucide-react';
import { LIMITS } from '@vault/contract';
import { usePublicFileList } from '../api/files';
import { FileSearchSection, filesFound } from '../components/files/FileSearchSection';
import { Card, CardHeader } from '../components/ui/Card';
import { PageHeader } from '../components/ui/PageHeader';
import { StatCard } from '../components/ui/StatCard';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCriteriaInUrl } from '../lib/file-search/use-criteria-in-url';
import { useSession } from '../session/context';

/**
 * /public (SPEC §2): public files for anyone, signed in or not. Downloads and
 * previews go through the public routes; the list is read again after a
 * download, so its count moves.
 */
export function PublicFilesPage() {
  useDocumentTitle('Public Files');
  const { user } = useSession();
  const [{ folder_id: _ignored, ...criteria }, setCriteria] = useCriteriaInUrl();
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
          tone="bg-emerald-50 text-emerald-600"
          value={files?.reduce((sum, f) => sum + f.download_count, 0) ?? '—'}
          detail="Of the files on this page"
          loading={loading}
        />
        <StatCard label="Currently Viewing" icon={Eye} tone="bg-sky-50 text-sky-600" value={files?.length ?? '—'} detail="Files on this page" loading={loading} />
      </div>
      <Card>
        <CardHeader title="Browse Public Files" description={filesFound(list.data?.total)} />
        <FileSearchSection
          criteria={criteria}
          onCriteriaChange={setCriteria}
          list={list}
          panel={{ hideFolderFilter: true }}
          files={{
            currentUserId: user?.id ?? null,
            actions: ['preview', 'download', 'copyLink'],
            access: 'public',
            showFolder: false,
            label: 'Public files',
            empty: { title: 'No public files found', description: 'Nothing has been shared publicly yet, or nothing matches these filters.' },
          }}
        />
      </Card>
    </div>
  );
}
