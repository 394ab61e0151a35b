import { useTranslation } from 'react-i18next';
import { Download, Eye, Globe } from 'lucide-react';
import { LIMITS } from '@vault/contract';
import { usePublicFileList } from '../api/files';
import { FileSearchSection, filesFound } from '../components/files/FileSearchSection';
import { Card, CardHeader } from '../components/ui/Card';
import { PageHeader } from '../components/ui/PageHeader';
import { StatCard } from '../components/ui/StatCard';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCriteriaInUrl } from '../lib/file-search/use-criteria-in-url';
import { useSession } from '../session-state/context';

/**
 * /public: public files for anyone, signed in or not. Downloads and
 * previews go through the public routes; the list is read again after a
 * download, so its count moves.
 */
export function PublicFilesPage() {
  const { t } = useTranslation('files');
  useDocumentTitle(t('publicDocumentTitle'));
  const { user } = useSession();
  const [{ folder_id: _ignored, ...criteria }, setCriteria] = useCriteriaInUrl();
  const list = usePublicFileList({ ...criteria, limit: LIMITS.pageSize });
  const files = list.data?.files;
  const loading = list.isPending;

  return (
    <div className="space-y-6">
      <PageHeader className="mb-2" title={t('publicFiles')} description={t('filesTheirOwnersChoseTo')} />
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard layout="strip" label={t('publicFiles')} icon={Globe} value={list.data?.total ?? '—'} loading={loading} />
        <StatCard
          layout="strip"
          label={t('totalDownloads')}
          icon={Download}
          tone="bg-emerald-50 text-emerald-700"
          value={files?.reduce((sum, f) => sum + f.download_count, 0) ?? '—'}
          detail={t('ofTheFilesOnThis')}
          loading={loading}
        />
        <StatCard layout="strip" label={t('currentlyViewing')} icon={Eye} tone="bg-sky-50 text-sky-700" value={files?.length ?? '—'} detail={t('filesOnThisPage')} loading={loading} />
      </div>
      <Card>
        <CardHeader title={t('browsePublicFiles')} description={filesFound(list)} />
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
            label: t('publicList.label'),
            empty: { title: t('publicList.emptyTitle'), description: t('publicList.emptyDescription') },
          }}
        />
      </Card>
    </div>
  );
}
