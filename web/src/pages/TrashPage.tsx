import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { useAppConfig } from '../api/auth';
import { useTrash } from '../api/trash';
import { TrashList } from '../components/trash/TrashList';
import { Card } from '../components/ui/Card';
import { EmptyState } from '../components/ui/EmptyState';
import { PageHeader } from '../components/ui/PageHeader';
import { QueryState } from '../components/ui/QueryState';
import { useDocumentTitle } from '../lib/use-document-title';

/** The caller's Trash: what they deleted, to restore or delete for good; or, with TRASH_DAYS=0, that it is off. */
export function TrashPage() {
  const { t } = useTranslation('trash');
  useDocumentTitle(t('documentTitle'));
  const config = useAppConfig();
  const days = config.data?.trash_days;
  const trash = useTrash(days !== undefined && days > 0);
  return (
    <>
      <PageHeader title={t('title')} description={days ? t('subtitle', { count: days }) : undefined} />
      <QueryState query={config} loading={t('loading')} failed={t('failed')}>
        {({ trash_days }) =>
          trash_days > 0 ? (
            <QueryState query={trash} loading={t('loading')} failed={t('failed')}>
              {(list) => <TrashList trash={list} />}
            </QueryState>
          ) : (
            <Card>
              <EmptyState icon={Trash2} title={t('off.title')} description={t('off.description')} />
            </Card>
          )
        }
      </QueryState>
    </>
  );
}
