import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Upload } from 'lucide-react';
import { LIMITS } from '@vault/contract';
import { useFileList } from '../api/files';
import { useFolderOptions } from '../api/folders';
import { useStorageStats, useUserStats } from '../api/stats';
import { useCurrentUser } from '../session-state/context';
import { FileDropZone } from '../components/browse/FileDropZone';
import { WithFolderTree } from '../components/browse/WithFolderTree';
import { StorageAnalyticsCard } from '../components/dashboard/StorageAnalyticsCard';
import { StatisticsSection } from '../components/dashboard/StatisticsSection';
import { SummaryCards } from '../components/dashboard/SummaryCards';
import { Badge } from '../components/ui/Badge';
import { buttonClasses, type ButtonSize } from '../components/ui/Button';
import { defaultEmpty } from '../components/files/FileList';
import { FileSearchSection, filesFound } from '../components/files/FileSearchSection';
import { Card, CardHeader } from '../components/ui/Card';
import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCriteriaInUrl } from '../lib/file-search/use-criteria-in-url';
import { useMediaQuery } from '../lib/use-media-query';

function UploadLink({ size }: { size?: ButtonSize }) {
  const { t } = useTranslation('dashboard');
  return (
    <Link to="/upload" className={buttonClasses('primary', size)}>
      <Upload aria-hidden="true" className="size-4" />
      {t('upload')}
    </Link>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('documentTitle'));
  const user = useCurrentUser();
  const [criteria, setCriteria] = useCriteriaInUrl();
  // Your Files are the caller's own; files shared with them have their own section on the Sharing page.
  // Administrators manage every file from here.
  const list = useFileList({ ...criteria, limit: LIMITS.pageSize, scope: user.is_admin ? undefined : 'own' });
  const userStats = useUserStats();
  const storage = useStorageStats();
  const folders = useFolderOptions();
  const total = list.data?.total;
  // "Welcome back" only once the account holds files: a new account (and one still loading its figures) is just welcomed.
  const returning = (userStats.data?.total_files ?? 0) > 0;
  // On a phone the files come first and the figures wait, closed, below them.
  const wide = useMediaQuery('(min-width: 640px)');

  const statistics = (
    <StatisticsSection key={wide ? 'wide' : 'phone'} defaultOpen={wide}>
      <SummaryCards stats={userStats.data} statsLoading={userStats.isPending} filesFound={total} filesFoundLoading={list.isPending} systemWide={user.is_admin} />
      <StorageAnalyticsCard
        storage={storage.data}
        user={userStats.data}
        systemWide={user.is_admin}
        loading={storage.isPending}
        failed={storage.isError}
      />
    </StatisticsSection>
  );

  return (
    <FileDropZone folder={null} enabled>
      <WithFolderTree current={null}>
        <div className="space-y-6">
          <PageHeader
            className="mb-2"
            title={t(returning ? 'welcome' : 'welcomeFirst', { username: user.username })}
            titleAddon={user.is_admin && <Badge tone="accent">{t('admin')}</Badge>}
            description={user.is_admin ? t('subtitle.admin') : t('subtitle.user')}
          />
          {wide && statistics}
          <Card>
            <CardHeader
              title={t('yourFiles')}
              description={filesFound(list)}
              actions={<UploadLink size="sm" />}
            />
            <FileSearchSection
              criteria={criteria}
              onCriteriaChange={setCriteria}
              list={list}
              panel={{ folders: folders.data }}
              files={{
                currentUserId: user.id,
                manage: true,
                label: t('yourFilesLabel'),
                empty: { ...defaultEmpty(), hint: t('emptyHint'), action: <UploadLink /> },
              }}
            />
          </Card>
          {!wide && statistics}
        </div>
      </WithFolderTree>
    </FileDropZone>
  );
}
