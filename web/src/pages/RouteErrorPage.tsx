import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { EmptyState } from '../components/ui/EmptyState';

/** Last resort when a screen throws while rendering or loading. */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <EmptyState
        icon={TriangleAlert}
        title={t('somethingWentWrong')}
        description={t('thisScreenCouldNotBe')}
        action={<Button onClick={() => window.location.reload()}>{t('reload')}</Button>}
      />
    </div>
  );
}
