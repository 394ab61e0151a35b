import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileQuestion } from 'lucide-react';
import { buttonClasses } from '../components/ui/Button';
import { EmptyState } from '../components/ui/EmptyState';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('documentTitle'));
  return (
    <EmptyState
      icon={FileQuestion}
      title={t('pageNotFound')}
      description={t('thePageYouAreLooking')}
      action={
        <Link to="/" className={buttonClasses('primary')}>
          {t('goToTheDashboard')}
        </Link>
      }
    />
  );
}
