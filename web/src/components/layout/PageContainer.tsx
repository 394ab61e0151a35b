import { useTranslation } from 'react-i18next';
import { Suspense, type ReactNode } from 'react';
import { Spinner } from '../ui/Spinner';

function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-24 text-sm text-slate-500">
      <Spinner className="text-accent-700" />
      {t('loading')}
    </div>
  );
}

/** The main landmark every layout renders its page into; lazily loaded pages show a spinner meanwhile. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8 lg:py-10">
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </main>
  );
}
